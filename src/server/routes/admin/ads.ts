import fsp from "node:fs/promises";
import path from "node:path";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adSettingsPatchSchema,
  adSettingsSchema,
  adStatsRowSchema,
  houseAdFieldsSchema,
  houseAdPatchSchema,
  houseAdSchema,
} from "../../../contract/admin/ads";
import { HOUSE_AD_LIMITS } from "../../../contract/ads-constants";
import { idParamSchema } from "../../../contract/common";
import type { AppContext } from "../../context";
import { Invalid, UnsupportedType } from "../../errors";
import {
  adStats,
  createHouseAd,
  deleteHouseAd,
  listHouseAds,
  readAdSettings,
  saveAdSettings,
  storeHouseAdMedia,
  updateHouseAd,
  type HouseAd,
} from "../../services/ads";
import { FORM_LIMITS, readMultipartUpload } from "./multipart";
import { adminErrorResponses, parseOrThrow } from "./validation";

const toJson = (ad: HouseAd) => ({ ...ad, createdAt: ad.createdAt.toISOString() });

const IMAGE_TYPES: readonly string[] = HOUSE_AD_LIMITS.imageTypes;
const VIDEO_TYPES: readonly string[] = HOUSE_AD_LIMITS.videoTypes;

/** D152, D153: Settings → Ads, house ads and their daily counts (admins only, by the guard in index.ts). */
export const adminAdRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, files, rateLimits, settings },
) => {
  await app.register(multipart, {
    limits: { ...FORM_LIMITS, files: 1, fileSize: HOUSE_AD_LIMITS.maxVideoBytes },
    throwFileSizeLimit: true,
  });
  const tmpDir = path.join(config.dataDir, "tmp");

  app.get(
    "/api/admin/ads",
    {
      schema: {
        response: {
          200: z.object({
            settings: adSettingsSchema,
            houseAds: z.array(houseAdSchema),
            stats: z.array(adStatsRowSchema),
          }),
          ...adminErrorResponses,
        },
      },
    },
    async () => ({
      settings: await readAdSettings(db),
      houseAds: (await listHouseAds(db)).map(toJson),
      stats: await adStats(db, new Date()),
    }),
  );

  app.patch(
    "/api/admin/ads/settings",
    { schema: { body: adSettingsPatchSchema, response: { 200: adSettingsSchema, ...adminErrorResponses } } },
    async (request) => saveAdSettings(db, request.body),
  );

  // An image (decoded and re-encoded by images.ts) or an MP4/WebM video (checked by its first bytes), with its fields.
  app.post(
    "/api/admin/ads/house",
    { schema: { response: { 201: houseAdSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      await rateLimits.enforce("upload", `upload:${request.user!.id}`);
      const upload = await readMultipartUpload(request, {
        fileField: "media",
        maxFileBytes: HOUSE_AD_LIMITS.maxVideoBytes,
        tmpDir,
        tooLargeMessage: `The file is larger than ${HOUSE_AD_LIMITS.maxVideoBytes / (1024 * 1024)} MB`,
      });
      try {
        const fields = parseOrThrow(houseAdFieldsSchema, upload.fields, "body");
        const file = upload.file;
        if (!file) throw new Invalid("An image or a video is required");
        if (file.size === 0) throw new Invalid("The uploaded file is empty");
        const isVideo = VIDEO_TYPES.includes(file.mimetype);
        if (!isVideo && !IMAGE_TYPES.includes(file.mimetype))
          throw new UnsupportedType("Upload a PNG, JPEG, WebP or GIF image, or an MP4 or WebM video");
        if (!isVideo && file.size > HOUSE_AD_LIMITS.maxImageBytes)
          throw new Invalid(`An image may be at most ${HOUSE_AD_LIMITS.maxImageBytes / (1024 * 1024)} MB`);
        const media = await storeHouseAdMedia(
          files,
          { bytes: await fsp.readFile(file.path), mimetype: file.mimetype },
          { ...settings.uploadLimits.image, maxUploadBytes: HOUSE_AD_LIMITS.maxImageBytes, maxDimension: 1280 },
        );
        const ad = await createHouseAd(db, { ...fields, ...media });
        return reply.code(201).send(toJson(ad));
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.patch(
    "/api/admin/ads/house/:id",
    {
      schema: {
        params: idParamSchema,
        body: houseAdPatchSchema,
        response: { 200: houseAdSchema, ...adminErrorResponses },
      },
    },
    async (request) => toJson(await updateHouseAd(db, request.params.id, request.body)),
  );

  app.delete(
    "/api/admin/ads/house/:id",
    { schema: { params: idParamSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      await deleteHouseAd(db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
