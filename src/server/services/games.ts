import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Game, GameListQuery } from "../../contract/games";
import type { Db } from "../db/client";
import { categoriesTable, gamesTable, playsTable } from "../db/schema";

const gameColumns = {
  id: gamesTable.id,
  title: gamesTable.title,
  description: gamesTable.description,
  imageUrl: gamesTable.imageUrl,
  categoryId: gamesTable.categoryId,
  category: categoriesTable.name,
  categorySlug: categoriesTable.slug,
  externalUrl: gamesTable.externalUrl,
  hasPackage: gamesTable.hasPackage,
  developer: gamesTable.developer,
  instructions: gamesTable.instructions,
  isFeatured: gamesTable.isFeatured,
  isNew: gamesTable.isNew,
  isHot: gamesTable.isHot,
  plays: gamesTable.plays,
  rating: gamesTable.rating,
  releaseDate: gamesTable.releaseDate,
  createdAt: gamesTable.createdAt,
};

function selectGames(db: Db) {
  return db.select(gameColumns).from(gamesTable).innerJoin(categoriesTable, eq(categoriesTable.id, gamesTable.categoryId));
}

type GameRow = Awaited<ReturnType<typeof selectGames>>[number];

/** D20: the frame source is the externalUrl if set, else the games origin. */
export function frameUrlFor(row: { id: number; externalUrl: string | null }, gamesUrl: string): string {
  return row.externalUrl ? row.externalUrl : `${gamesUrl}/game-frame/${row.id}/`;
}

export function toGame(row: GameRow, gamesUrl: string): Game {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    categoryId: row.categoryId,
    category: row.category,
    categorySlug: row.categorySlug,
    externalUrl: row.externalUrl,
    developer: row.developer,
    instructions: row.instructions,
    isFeatured: row.isFeatured,
    featured: row.isFeatured,
    new: row.isNew,
    hot: row.isHot,
    plays: row.plays,
    rating: row.rating,
    releaseDate: row.releaseDate,
    createdAt: row.createdAt.toISOString(),
    frameUrl: frameUrlFor(row, gamesUrl),
  };
}

/** Escapes LIKE wildcards so that a search for "50%" finds the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Pseudo-category slugs (spec §2 Category page, D50). */
export function pseudoCategoryFilter(slug: string): SQL | undefined {
  if (slug === "new") return eq(gamesTable.isNew, true);
  if (slug === "hot") return eq(gamesTable.isHot, true);
  if (slug === "featured") return eq(gamesTable.isFeatured, true);
  return undefined;
}

function orderFor(sort: GameListQuery["sort"]) {
  switch (sort) {
    case "popular":
      return [desc(gamesTable.plays), desc(gamesTable.id)];
    case "rating":
      return [desc(gamesTable.rating), desc(gamesTable.plays), desc(gamesTable.id)];
    case "newest":
    default:
      return [desc(gamesTable.createdAt), desc(gamesTable.id)];
  }
}

export async function listGames(db: Db, gamesUrl: string, query: GameListQuery): Promise<{ games: Game[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(gamesTable.title, pattern), ilike(gamesTable.description, pattern))!);
  }
  if (query.category) {
    conditions.push(pseudoCategoryFilter(query.category) ?? eq(categoriesTable.slug, query.category));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const base = selectGames(db)
    .where(where)
    .orderBy(...orderFor(query.sort))
    .$dynamic();
  if (query.limit !== undefined) base.limit(query.limit);
  if (query.offset !== undefined) base.offset(query.offset);
  const [rows, [{ total }]] = await Promise.all([
    base,
    db
      .select({ total: count() })
      .from(gamesTable)
      .innerJoin(categoriesTable, eq(categoriesTable.id, gamesTable.categoryId))
      .where(where),
  ]);
  return { games: rows.map((r) => toGame(r, gamesUrl)), total };
}

export async function featuredGames(db: Db, gamesUrl: string): Promise<Game[]> {
  const rows = await selectGames(db)
    .where(eq(gamesTable.isFeatured, true))
    .orderBy(desc(gamesTable.plays), asc(gamesTable.id));
  return rows.map((r) => toGame(r, gamesUrl));
}

export async function getGame(db: Db, gamesUrl: string, id: number): Promise<Game | undefined> {
  const [row] = await selectGames(db).where(eq(gamesTable.id, id));
  return row ? toGame(row, gamesUrl) : undefined;
}

/** D21: counts a play and opens a play session tied to the visitor's user when signed in. */
export async function recordPlay(db: Db, gameId: number, userId: number | null): Promise<{ plays: number; playId: string } | undefined> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(gamesTable)
      .set({ plays: sql`${gamesTable.plays} + 1` })
      .where(eq(gamesTable.id, gameId))
      .returning({ plays: gamesTable.plays });
    if (!updated) return undefined;
    const [play] = await tx.insert(playsTable).values({ gameId, userId }).returning({ id: playsTable.id });
    return { plays: updated.plays, playId: play.id };
  });
}
