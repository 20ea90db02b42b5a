import fsp from "node:fs/promises";
import path from "node:path";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminGameSchema,
  adminGameUploadFieldsSchema,
  HTML_FILE_REQUIRED_MESSAGE,
  uploadImageResponseSchema,
} from "../../../contract/admin/games";
import { idParamSchema } from "../../../contract/common";
import { buildUploadFieldsSchema, storedBuildSchema } from "../../../contract/studio";
import type { AppContext } from "../../context";
import { Invalid } from "../../errors";
import { getStudioGame } from "../../services/creators";
import { installNewBuild, installUploadedGame } from "../../services/game-install";
import { storeUploadedImage } from "../../services/images";
import { FORM_LIMITS, readMultipartUpload } from "./multipart";
import { adminErrorResponses, parseOrThrow } from "./validation";

function mb(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * D44 game packages and D45 images. Multipart is accepted only in this scope, with tight limits
 * (one file, a few small fields); everything else on the site is JSON.
 */
export const adminUploadRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, files, rateLimits, settings },
) => {
  const { package: packageLimits, image: imageLimits } = settings.uploadLimits;
  await app.register(multipart, {
    limits: { ...FORM_LIMITS, files: 1, fileSize: packageLimits.maxUploadBytes },
    throwFileSizeLimit: true,
  });
  const tmpDir = path.join(config.dataDir, "tmp");
  // Issue 8: uploads per administrator (each one writes to disk and, for images, decodes with sharp).
  // Counted before the body is read, so a refused upload costs no disk.
  app.addHook("preHandler", async (request) => {
    if (!request.user) return; // the admin guard has already answered
    await rateLimits.enforce("upload", `upload:${request.user.id}`);
  });

  // D44: .html or .zip; extracted to DATA_DIR/tmp and moved into place only when complete.
  app.post(
    "/api/admin/games/upload",
    { schema: { response: { 201: adminGameSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const upload = await readMultipartUpload(request, {
        fileField: "htmlFile",
        maxFileBytes: packageLimits.maxUploadBytes,
        tmpDir,
        tooLargeMessage: `The game package is larger than ${mb(packageLimits.maxUploadBytes)}`,
      });
      try {
        // Spec §5 order: title, description, image URL, then the file.
        const fields = parseOrThrow(adminGameUploadFieldsSchema, upload.fields, "body");
        const file = upload.file;
        if (!file) throw new Invalid(HTML_FILE_REQUIRED_MESSAGE);
        if (file.size === 0) throw new Invalid("The uploaded file is empty");
        const { game, kind } = await installUploadedGame(
          db,
          { dataDir: config.dataDir, files, gamesUrl: config.gamesUrl, limits: packageLimits, log: request.log },
          fields,
          file,
          { uploadedBy: request.user!.id, notes: "" },
        );
        request.log.info({ gameId: game.id, kind, bytes: file.size }, "admin uploaded a game package");
        return reply.code(201).send(game);
      } finally {
        await upload.cleanup();
      }
    },
  );

  // D131: a new build of an existing game, live at once (the game keeps its id, page and scores)
  app.post(
    "/api/admin/games/:id/builds",
    { schema: { params: idParamSchema, response: { 201: storedBuildSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const { id } = request.params;
      await getStudioGame(db, id);
      const upload = await readMultipartUpload(request, {
        fileField: "package",
        maxFileBytes: packageLimits.maxUploadBytes,
        tmpDir,
        tooLargeMessage: `The game package is larger than ${mb(packageLimits.maxUploadBytes)}`,
      });
      try {
        const fields = parseOrThrow(buildUploadFieldsSchema, upload.fields, "body");
        const file = upload.file;
        if (!file) throw new Invalid(HTML_FILE_REQUIRED_MESSAGE);
        if (file.size === 0) throw new Invalid("The uploaded file is empty");
        const { number, kind } = await installNewBuild(
          db,
          { dataDir: config.dataDir, files, gamesUrl: config.gamesUrl, limits: packageLimits, log: request.log },
          id,
          file,
          { uploadedBy: request.user!.id, notes: fields.notes ?? "" },
        );
        request.log.info({ gameId: id, build: number, kind, bytes: file.size }, "admin uploaded a build");
        request.auditRecord = { action: "games.build", target: { kind: "games", id }, after: { build: number } };
        return reply.code(201).send({ gameId: id, number });
      } finally {
        await upload.cleanup();
      }
    },
  );

  // D45: decoded with sharp, stored as WebP ≤ 600×600 under DATA_DIR/uploads/images.
  app.post(
    "/api/admin/upload-image",
    { schema: { response: { 201: uploadImageResponseSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const upload = await readMultipartUpload(request, {
        fileField: "image",
        maxFileBytes: imageLimits.maxUploadBytes,
        tmpDir,
        tooLargeMessage: `The image is larger than ${mb(imageLimits.maxUploadBytes)}`,
      });
      try {
        const file = upload.file;
        if (!file) throw new Invalid("Image file is required");
        if (file.size === 0) throw new Invalid("The uploaded file is empty");
        // Read into memory (at most 5 MB) so that no file handle outlives the request.
        const { imageUrl } = await storeUploadedImage(files, await fsp.readFile(file.path), imageLimits);
        request.log.info({ imageUrl }, "admin uploaded an image");
        return reply.code(201).send({ imageUrl });
      } finally {
        await upload.cleanup();
      }
    },
  );
};
