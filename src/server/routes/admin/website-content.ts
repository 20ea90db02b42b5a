import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contentCreateSchema, contentPatchSchema } from "../../../contract/admin";
import { idParamSchema } from "../../../contract/common";
import { contentItemSchema, contentListSchema } from "../../../contract/content";
import type { AppContext } from "../../context";
import { createContent, deleteContent, listContent, updateContent } from "../../services/content";
import { invalidateCommunitySettings } from "../../services/community-settings";
import { adminErrorResponses } from "./validation";

/** D40: website content, read by the public site through GET /api/content. */
export const adminWebsiteContentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  // D98: site.* items here are the same settings as the Settings screen's: a change drops the cached word lists and switches
  app.addHook("onSend", async (request, reply) => {
    if (request.method !== "GET" && reply.statusCode < 400) invalidateCommunitySettings(db);
  });

  app.get("/api/admin/website-content", { schema: { response: { 200: contentListSchema, ...adminErrorResponses } } }, async () => listContent(db));

  app.post(
    "/api/admin/website-content",
    { schema: { body: contentCreateSchema, response: { 201: contentItemSchema, ...adminErrorResponses } } },
    async (request, reply) => reply.code(201).send(await createContent(db, request.body)),
  );

  // Section and key are read-only (spec §2): only value and valueType change.
  app.patch(
    "/api/admin/website-content/:id",
    { schema: { params: idParamSchema, body: contentPatchSchema.optional(), response: { 200: contentItemSchema, ...adminErrorResponses } } },
    async (request) => updateContent(db, request.params.id, request.body ?? {}),
  );

  app.delete(
    "/api/admin/website-content/:id",
    { schema: { params: idParamSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      await deleteContent(db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
