import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adsTxtBodySchema, adsTxtSchema } from "../../../contract/admin/ads-txt";
import type { AppContext } from "../../context";
import { readAdsTxtRow, saveAdsTxt, type AdsTxt } from "../../services/ads-txt";
import { adminErrorResponses } from "./validation";

const toJson = (t: AdsTxt) => ({ body: t.body, updatedAt: t.updatedAt?.toISOString() ?? null });

/** D154: Settings → Ads → ads.txt (admins only, by the guard in index.ts). */
export const adminAdsTxtRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get("/api/admin/ads/ads-txt", { schema: { response: { 200: adsTxtSchema, ...adminErrorResponses } } }, async () =>
    toJson(await readAdsTxtRow(db)),
  );

  app.put(
    "/api/admin/ads/ads-txt",
    { schema: { body: adsTxtBodySchema, response: { 200: adsTxtSchema, ...adminErrorResponses } } },
    async (request) => toJson(await saveAdsTxt(db, request.body.body)),
  );
};
