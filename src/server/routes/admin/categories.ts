import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { count, eq } from "drizzle-orm";
import { adminCategoryCreateSchema, adminCategoryListSchema, adminCategoryPatchSchema } from "../../../contract/admin";
import { categorySchema } from "../../../contract/categories";
import { idParamSchema } from "../../../contract/common";
import type { AppContext } from "../../app";
import type { Db } from "../../db/client";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/pg-errors";
import { categoriesTable, gamesTable } from "../../db/schema";
import { NotFound, Conflict } from "../../errors";
import { getCategoryById, listCategories } from "../../services/categories";
import { adminErrorResponses } from "./validation";

const SLUG_TAKEN = "A category with this slug already exists";

async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: categoriesTable.id }).from(categoriesTable).where(eq(categoriesTable.slug, slug));
  return Boolean(row && row.id !== exceptId);
}

function gamesMessage(n: number): string {
  return `This category contains ${n} ${n === 1 ? "game" : "games"}. You must reassign or delete those games first.`;
}

/** D46: categories with game counts; add, edit, and delete only when empty (409 otherwise). */
export const adminCategoryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get("/api/admin/categories", { schema: { response: { 200: adminCategoryListSchema, ...adminErrorResponses } } }, async () => listCategories(db));

  app.post("/api/admin/categories", { schema: { body: adminCategoryCreateSchema, response: { 201: categorySchema, ...adminErrorResponses } } }, async (request, reply) => {
    const b = request.body;
    if (await slugTaken(db, b.slug)) throw new Conflict(SLUG_TAKEN);
    let id: number;
    try {
      [{ id }] = await db
        .insert(categoriesTable)
        .values({ name: b.name, slug: b.slug, description: b.description, imageUrl: b.imageUrl })
        .returning({ id: categoriesTable.id });
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(SLUG_TAKEN);
      throw err;
    }
    return reply.code(201).send((await getCategoryById(db, id))!);
  });

  app.patch(
    "/api/admin/categories/:id",
    { schema: { params: idParamSchema, body: adminCategoryPatchSchema.optional(), response: { 200: categorySchema, ...adminErrorResponses } } },
    async (request) => {
      const { id } = request.params;
      const b = request.body ?? {};
      const existing = await getCategoryById(db, id);
      if (!existing) throw new NotFound("Category not found");
      const set: Partial<typeof categoriesTable.$inferInsert> = {};
      if (b.name !== undefined) set.name = b.name;
      if (b.slug !== undefined && b.slug !== existing.slug) {
        if (await slugTaken(db, b.slug, id)) throw new Conflict(SLUG_TAKEN);
        set.slug = b.slug;
      }
      if (b.description !== undefined) set.description = b.description;
      if (b.imageUrl !== undefined) set.imageUrl = b.imageUrl;
      if (Object.keys(set).length > 0) {
        try {
          await db.update(categoriesTable).set(set).where(eq(categoriesTable.id, id));
        } catch (err) {
          if (isUniqueViolation(err)) throw new Conflict(SLUG_TAKEN);
          throw err;
        }
      }
      return (await getCategoryById(db, id))!;
    },
  );

  app.delete("/api/admin/categories/:id", { schema: { params: idParamSchema, response: { 204: z.null(), ...adminErrorResponses } } }, async (request, reply) => {
    const { id } = request.params;
    const existing = await getCategoryById(db, id);
    if (!existing) throw new NotFound("Category not found");
    if (existing.gameCount > 0) throw new Conflict(gamesMessage(existing.gameCount));
    try {
      await db.delete(categoriesTable).where(eq(categoriesTable.id, id));
    } catch (err) {
      // A game was added at the same moment: the foreign key (RESTRICT) refuses, and so do we.
      if (isForeignKeyViolation(err)) {
        const again = await getCategoryById(db, id);
        throw new Conflict(gamesMessage(again?.gameCount ?? 1));
      }
      throw err;
    }
    return reply.code(204).send(null);
  });
};
