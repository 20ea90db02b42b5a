import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contentListSchema } from "../../contract/content";
import type { AppContext } from "../context";
import { listPublicContent } from "../services/content";

/** D40: the public, read-only view of website content. */
export const contentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get("/api/content", { schema: { response: { 200: contentListSchema } } }, async () => listPublicContent(db));
};
