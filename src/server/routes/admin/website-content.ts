import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contentCreateSchema, contentPatchSchema } from "../../../contract/admin/content";
import { idParamSchema } from "../../../contract/common";
import { contentItemSchema, contentListSchema } from "../../../contract/content";
import type { AppContext } from "../../context";
import { createContent, deleteContent, listContent, updateContent } from "../../services/content";
import { applySiteSettingEffects } from "../../services/site-setting-effects";
import { adminErrorResponses } from "./validation";

/** D40: website content, read by the public site through GET /api/content. */
export const adminWebsiteContentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, leaderboardCache }) => {
  // site.* items here are the same settings as the Settings screen's: a change has the same effects (D91)
  const changed = async (item: { section: string; key: string }) => {
    if (item.section === "site") await applySiteSettingEffects(db, leaderboardCache, [item.key]);
  };

  app.get(
    "/api/admin/website-content",
    { schema: { response: { 200: contentListSchema, ...adminErrorResponses } } },
    async () => listContent(db),
  );

  app.post(
    "/api/admin/website-content",
    { schema: { body: contentCreateSchema, response: { 201: contentItemSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const item = await createContent(db, request.body);
      await changed(item);
      return reply.code(201).send(item);
    },
  );

  // Section and key are read-only (spec §2): only value and valueType change.
  app.patch(
    "/api/admin/website-content/:id",
    {
      schema: {
        params: idParamSchema,
        body: contentPatchSchema.optional(),
        response: { 200: contentItemSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const item = await updateContent(db, request.params.id, request.body ?? {});
      await changed(item);
      return item;
    },
  );

  app.delete(
    "/api/admin/website-content/:id",
    { schema: { params: idParamSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      await changed(await deleteContent(db, request.params.id));
      return reply.code(204).send(null);
    },
  );
};
