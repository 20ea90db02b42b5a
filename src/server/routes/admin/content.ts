import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import { contentCreateSchema, contentPatchSchema } from "../../../contract/admin";
import { idParamSchema } from "../../../contract/common";
import { contentItemSchema, contentListSchema } from "../../../contract/content";
import type { AppContext } from "../../app";
import { isUniqueViolation } from "../../db/pg-errors";
import { websiteContentTable } from "../../db/schema";
import { NotFound, Conflict } from "../../errors";
import { checkContentValue } from "./content-values";
import { adminErrorResponses } from "./validation";

export const DUPLICATE_CONTENT = "Content with this section and key already exists";

export function toContentItem(r: typeof websiteContentTable.$inferSelect) {
  return { id: r.id, section: r.section, key: r.key, value: r.value, valueType: r.valueType, updatedAt: r.updatedAt.toISOString() };
}

/** D40: website content, read by the public site through GET /api/content. */
export const adminContentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get("/api/admin/website-content", { schema: { response: { 200: contentListSchema, ...adminErrorResponses } } }, async () => {
    const rows = await db.select().from(websiteContentTable).orderBy(asc(websiteContentTable.section), asc(websiteContentTable.key));
    return rows.map(toContentItem);
  });

  app.post("/api/admin/website-content", { schema: { body: contentCreateSchema, response: { 201: contentItemSchema, ...adminErrorResponses } } }, async (request, reply) => {
    const b = request.body;
    const value = checkContentValue(b.valueType, b.value);
    try {
      const [row] = await db.insert(websiteContentTable).values({ section: b.section, key: b.key, value, valueType: b.valueType }).returning();
      return reply.code(201).send(toContentItem(row));
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(DUPLICATE_CONTENT);
      throw err;
    }
  });

  // Section and key are read-only (spec §2): only value and valueType change.
  app.patch(
    "/api/admin/website-content/:id",
    { schema: { params: idParamSchema, body: contentPatchSchema.optional(), response: { 200: contentItemSchema, ...adminErrorResponses } } },
    async (request) => {
      const { id } = request.params;
      const b = request.body ?? {};
      const [existing] = await db.select().from(websiteContentTable).where(eq(websiteContentTable.id, id));
      if (!existing) throw new NotFound("Content not found");
      const valueType = b.valueType ?? existing.valueType;
      // A changed type re-checks the stored value too (e.g. text → image must be a URL).
      const value = checkContentValue(valueType, b.value ?? existing.value);
      const [row] = await db
        .update(websiteContentTable)
        .set({ value, valueType, updatedAt: new Date() })
        .where(eq(websiteContentTable.id, id))
        .returning();
      if (!row) throw new NotFound("Content not found");
      return toContentItem(row);
    },
  );

  app.delete("/api/admin/website-content/:id", { schema: { params: idParamSchema, response: { 204: z.null(), ...adminErrorResponses } } }, async (request, reply) => {
    const deleted = await db.delete(websiteContentTable).where(eq(websiteContentTable.id, request.params.id)).returning({ id: websiteContentTable.id });
    if (deleted.length === 0) throw new NotFound("Content not found");
    return reply.code(204).send(null);
  });
};
