import { and, asc, count, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { adminCategoryCreateSchema, adminCategoryPatchSchema } from "../../contract/admin/categories";
import type { Category } from "../../contract/categories";
import type { Db } from "../db/client";
import { isForeignKeyViolation, isUniqueViolation } from "../db/pg-errors";
import { categoriesTable, gamesTable } from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { gameIsShown, gameVisibility } from "./game-catalogue";

/**
 * Categories with their game counts: of the games players see (`shown`, gameIsShown: D113–D115), or of every game
 * (the CMS: a category with only hidden games is still not empty).
 */
function selectCategories(db: Db, shown?: SQL) {
  return db
    .select({
      id: categoriesTable.id,
      name: categoriesTable.name,
      slug: categoriesTable.slug,
      description: categoriesTable.description,
      imageUrl: categoriesTable.imageUrl,
      gameCount: count(gamesTable.id),
    })
    .from(categoriesTable)
    .leftJoin(gamesTable, and(eq(gamesTable.categoryId, categoriesTable.id), shown))
    .groupBy(categoriesTable.id)
    .$dynamic();
}

/** The categories as players see them, each with the number of games they may see. */
export async function listCategories(db: Db): Promise<Category[]> {
  return selectCategories(db, gameIsShown(await gameVisibility(db))).orderBy(asc(categoriesTable.id));
}

export async function getCategoryBySlug(db: Db, slug: string): Promise<Category | undefined> {
  const [row] = await selectCategories(db, gameIsShown(await gameVisibility(db))).where(eq(categoriesTable.slug, slug));
  return row;
}

/** The CMS's categories: every game counts, hidden or not. */
export async function listCategoriesForAdmin(db: Db): Promise<Category[]> {
  return selectCategories(db).orderBy(asc(categoriesTable.id));
}

/** The CMS's category (every game counts). */
export async function getCategoryById(db: Db, id: number): Promise<Category | undefined> {
  const [row] = await selectCategories(db).where(eq(categoriesTable.id, id));
  return row;
}

const SLUG_TAKEN = "A category with this slug already exists";

async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: categoriesTable.id }).from(categoriesTable).where(eq(categoriesTable.slug, slug));
  return Boolean(row && row.id !== exceptId);
}

function notEmpty(n: number): Conflict {
  return new Conflict(
    `This category contains ${n} ${n === 1 ? "game" : "games"}. You must reassign or delete those games first.`,
  );
}

/** D46: a new category; a taken slug is 409. */
export async function createCategory(db: Db, b: z.output<typeof adminCategoryCreateSchema>): Promise<Category> {
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
  return (await getCategoryById(db, id))!;
}

/** D46: changes the listed fields; another category's slug is 409. */
export async function updateCategory(
  db: Db,
  id: number,
  b: z.output<typeof adminCategoryPatchSchema>,
): Promise<Category> {
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
}

/** D46: deletes a category only when it has no games (409 otherwise). */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  const existing = await getCategoryById(db, id);
  if (!existing) throw new NotFound("Category not found");
  if (existing.gameCount > 0) throw notEmpty(existing.gameCount);
  try {
    await db.delete(categoriesTable).where(eq(categoriesTable.id, id));
  } catch (err) {
    // A game was added at the same moment: the foreign key (RESTRICT) refuses, and so do we.
    if (isForeignKeyViolation(err)) {
      const again = await getCategoryById(db, id);
      throw notEmpty(again?.gameCount ?? 1);
    }
    throw err;
  }
}
