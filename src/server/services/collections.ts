import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { adminCollectionCreateSchema, adminCollectionPatchSchema } from "../../contract/admin/collections";
import type { Collection } from "../../contract/collections";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { collectionsTable, gameCollectionsTable, gamesTable } from "../db/schema";
import { Conflict, Invalid, NotFound } from "../errors";
import { gameIsShown, gameVisibility } from "./game-catalogue";

/**
 * D83: collections of games, the home page's "All Your Favorite Gaming Experiences" tiles.
 *
 * Contract:
 * - A collection is a title, a unique slug, a description, a picture and an order; its games are the rows of
 *   game_collections (a game in several collections or in none). Deleting a collection or a game removes its
 *   tags (foreign keys, ON DELETE CASCADE), never a game.
 * - `gameCount` is the number of games tagged with it. Every game in the catalogue is public (there is no
 *   hidden or disabled game), so this is the number of games its page lists: a site with 12 games never
 *   claims 250.
 * - Lists are ordered by sortOrder, then id (the CMS's "Order").
 * - `setGameCollections` replaces a game's tags; an unknown collection id is 400 and nothing changes.
 *
 * No HTTP types: routes/collections.ts and routes/admin/collections.ts are the thin routes; the games of a
 * collection are read by services/game-catalogue.ts (`listCollectionGames`), as every list of games is.
 */

/** Write access that a transaction has too. */
type Writer = Pick<Db, "select" | "insert" | "delete">;

/**
 * Collections with their game counts: of the games players see (`shown`, gameIsShown: D113–D115), or of every
 * tagged game (the CMS).
 */
function selectCollections(db: Db, shown?: SQL) {
  return db
    .select({
      id: collectionsTable.id,
      slug: collectionsTable.slug,
      title: collectionsTable.title,
      description: collectionsTable.description,
      imageUrl: collectionsTable.imageUrl,
      sortOrder: collectionsTable.sortOrder,
      gameCount: count(gamesTable.id),
    })
    .from(collectionsTable)
    .leftJoin(gameCollectionsTable, eq(gameCollectionsTable.collectionId, collectionsTable.id))
    .leftJoin(gamesTable, and(eq(gamesTable.id, gameCollectionsTable.gameId), shown))
    .groupBy(collectionsTable.id)
    .$dynamic();
}

/** The collections as players see them, each with the number of games they may see. */
export async function listCollections(db: Db): Promise<Collection[]> {
  return selectCollections(db, gameIsShown(await gameVisibility(db))).orderBy(
    asc(collectionsTable.sortOrder),
    asc(collectionsTable.id),
  );
}

/** The CMS's collections: every tagged game counts. */
export async function listCollectionsForAdmin(db: Db): Promise<Collection[]> {
  return selectCollections(db).orderBy(asc(collectionsTable.sortOrder), asc(collectionsTable.id));
}

export async function getCollectionBySlug(db: Db, slug: string): Promise<Collection | undefined> {
  const [row] = await selectCollections(db, gameIsShown(await gameVisibility(db))).where(
    eq(collectionsTable.slug, slug),
  );
  return row;
}

async function getCollectionById(db: Db, id: number): Promise<Collection | undefined> {
  const [row] = await selectCollections(db).where(eq(collectionsTable.id, id));
  return row;
}

const SLUG_TAKEN = "A collection with this slug already exists";

async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: collectionsTable.id })
    .from(collectionsTable)
    .where(eq(collectionsTable.slug, slug));
  return Boolean(row && row.id !== exceptId);
}

/** D83: a new collection (no games yet); a taken slug is 409. */
export async function createCollection(db: Db, b: z.output<typeof adminCollectionCreateSchema>): Promise<Collection> {
  if (await slugTaken(db, b.slug)) throw new Conflict(SLUG_TAKEN);
  let id: number;
  try {
    [{ id }] = await db
      .insert(collectionsTable)
      .values({
        title: b.title,
        slug: b.slug,
        description: b.description,
        imageUrl: b.imageUrl,
        sortOrder: b.sortOrder,
      })
      .returning({ id: collectionsTable.id });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(SLUG_TAKEN);
    throw err;
  }
  return (await getCollectionById(db, id))!;
}

/** D83: renames, describes, re-pictures or re-orders a collection; another collection's slug is 409. */
export async function updateCollection(
  db: Db,
  id: number,
  b: z.output<typeof adminCollectionPatchSchema>,
): Promise<Collection> {
  const existing = await getCollectionById(db, id);
  if (!existing) throw new NotFound("Collection not found");
  const set: Partial<typeof collectionsTable.$inferInsert> = {};
  if (b.title !== undefined) set.title = b.title;
  if (b.slug !== undefined && b.slug !== existing.slug) {
    if (await slugTaken(db, b.slug, id)) throw new Conflict(SLUG_TAKEN);
    set.slug = b.slug;
  }
  if (b.description !== undefined) set.description = b.description;
  if (b.imageUrl !== undefined) set.imageUrl = b.imageUrl;
  if (b.sortOrder !== undefined) set.sortOrder = b.sortOrder;
  if (Object.keys(set).length > 0) {
    try {
      await db.update(collectionsTable).set(set).where(eq(collectionsTable.id, id));
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(SLUG_TAKEN);
      throw err;
    }
  }
  return (await getCollectionById(db, id))!;
}

/** D83: deletes a collection and its tags (its games stay). */
export async function deleteCollection(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(collectionsTable)
    .where(eq(collectionsTable.id, id))
    .returning({ id: collectionsTable.id });
  if (deleted.length === 0) throw new NotFound("Collection not found");
}

/** D83: 400 "Collection N does not exist" unless every id is a collection. */
export async function assertCollectionsExist(db: Pick<Db, "select">, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(
    (
      await db
        .select({ id: collectionsTable.id })
        .from(collectionsTable)
        .where(inArray(collectionsTable.id, [...ids]))
    ).map((r) => r.id),
  );
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new Invalid(`Collection ${missing} does not exist`);
}

/** D83: the game's collections become exactly `ids` (checked first: an unknown id is 400 and nothing changes). */
export async function setGameCollections(db: Writer, gameId: number, ids: readonly number[]): Promise<void> {
  await assertCollectionsExist(db, ids);
  await db.delete(gameCollectionsTable).where(eq(gameCollectionsTable.gameId, gameId));
  if (ids.length > 0) {
    await db
      .insert(gameCollectionsTable)
      .values(ids.map((collectionId) => ({ collectionId, gameId })))
      .onConflictDoNothing();
  }
}

/** D83: the ids of a game's collections, as a column of a games query (the CMS's game form shows them ticked). */
export const collectionIdsColumn = sql<
  number[]
>`coalesce((select array_agg(gc.collection_id order by gc.collection_id) from game_collections gc where gc.game_id = ${gamesTable.id}), '{}')`;
