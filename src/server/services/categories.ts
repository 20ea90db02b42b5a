import { asc, count, eq } from "drizzle-orm";
import type { Category } from "../../contract/categories";
import type { Db } from "../db/client";
import { categoriesTable, gamesTable } from "../db/schema";

/** Categories with their game counts. */
function selectCategories(db: Db) {
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
    .leftJoin(gamesTable, eq(gamesTable.categoryId, categoriesTable.id))
    .groupBy(categoriesTable.id)
    .$dynamic();
}

export async function listCategories(db: Db): Promise<Category[]> {
  return selectCategories(db).orderBy(asc(categoriesTable.id));
}

export async function getCategoryBySlug(db: Db, slug: string): Promise<Category | undefined> {
  const [row] = await selectCategories(db).where(eq(categoriesTable.slug, slug));
  return row;
}

export async function getCategoryById(db: Db, id: number): Promise<Category | undefined> {
  const [row] = await selectCategories(db).where(eq(categoriesTable.id, id));
  return row;
}
