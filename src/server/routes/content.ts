import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { asc } from "drizzle-orm";
import { contentListSchema } from "../../contract/content";
import type { AppContext } from "../app";
import { websiteContentTable } from "../db/schema";

/** D40: the public, read-only view of website content. */
export const contentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get("/api/content", { schema: { response: { 200: contentListSchema } } }, async () => {
    const rows = await db.select().from(websiteContentTable).orderBy(asc(websiteContentTable.section), asc(websiteContentTable.key));
    return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
  });
};
