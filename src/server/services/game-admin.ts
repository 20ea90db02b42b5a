import fsp from "node:fs/promises";
import { count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type {
  AdminGame,
  adminGameCreateSchema,
  adminGamePatchSchema,
  adminGameUploadFieldsSchema,
  ScoreRulesPatch,
  SdkAdapterName,
} from "../../contract/admin/games";
import type { Db } from "../db/client";
import { isForeignKeyViolation } from "../db/pg-errors";
import { categoriesTable, gamesTable } from "../db/schema";
import { Invalid, NotFound } from "../errors";
import { assertCollectionsExist, collectionIdsColumn, setGameCollections } from "./collections";
import type { FileStore } from "./file-store";
import { removeBuilds } from "./game-builds";
import { assertGameExists, gameColumns, toGame, type GameRow } from "./game-catalogue";
import { likePattern } from "./like-pattern";
import { commitPackage, removePackage } from "./packages";
import { medianFirstGameplayColumn } from "./play-timing";
import { preparePackage } from "./portal-sdks";
import { applyScoreRules, scoreRuleColumns } from "./score-rules";
import { rebuildPlayerStats } from "./scores";

/**
 * A page of the CMS games table (issue 12 item 2): the games whose title contains `search` as typed
 * (case-insensitive, wildcards as text; an administrator looks a game up by its name, typos are not
 * forgiven here), newest first, and the number of all that match.
 */
export async function listGamesForAdmin(
  db: Db,
  gamesUrl: string,
  query: { search?: string; limit: number; offset: number },
): Promise<{ games: AdminGame[]; total: number }> {
  const where = query.search ? ilike(gamesTable.title, likePattern(query.search)) : undefined;
  // Issue 12 item 5: the page and its total in one round trip (a window count); only a page past the end
  // needs a second query for the total.
  const rows = await db
    .select({ ...gameColumns, ...adminColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(gamesTable)
    .innerJoin(categoriesTable, eq(categoriesTable.id, gamesTable.categoryId))
    .where(where)
    .orderBy(desc(gamesTable.createdAt), desc(gamesTable.id))
    .limit(query.limit)
    .offset(query.offset);
  const total =
    rows[0]?.total ??
    (query.offset === 0 ? 0 : (await db.select({ total: count() }).from(gamesTable).where(where))[0].total);
  return { games: rows.map((r) => toAdminGame(r, gamesUrl)), total };
}

/** What the admin games API adds to a game (D77, issue 14 item 7). */
const adminColumns = {
  collectionIds: collectionIdsColumn,
  sdkAdapter: gamesTable.sdkAdapter,
  packageBytes: gamesTable.packageBytes,
  packageFiles: gamesTable.packageFiles,
  medianStartMs: medianFirstGameplayColumn,
  hiddenReason: gamesTable.hiddenReason,
};

function toAdminGame(
  row: GameRow & {
    collectionIds: number[];
    sdkAdapter: string | null;
    packageBytes: number | null;
    packageFiles: number | null;
    medianStartMs: number | null;
    hiddenReason: AdminGame["hiddenReason"];
  },
  gamesUrl: string,
): AdminGame {
  return {
    ...toGame(row, gamesUrl),
    collectionIds: row.collectionIds.map(Number),
    // the column's check constraint allows only these names
    sdkAdapter: row.sdkAdapter as SdkAdapterName | null,
    packageBytes: row.packageBytes,
    packageFiles: row.packageFiles,
    medianStartMs: row.medianStartMs === null ? null : Number(row.medianStartMs),
    hiddenReason: row.hiddenReason,
  };
}

/** A game as the admin games API answers it, hidden or not. */
export async function getAdminGame(db: Db, gamesUrl: string, id: number): Promise<AdminGame | undefined> {
  const [row] = await db
    .select({ ...gameColumns, ...adminColumns })
    .from(gamesTable)
    .innerJoin(categoriesTable, eq(categoriesTable.id, gamesTable.categoryId))
    .where(eq(gamesTable.id, id));
  return row ? toAdminGame(row, gamesUrl) : undefined;
}

/** Spec §7: the instructions of a game added without any. */
export const DEFAULT_INSTRUCTIONS = "Use your mouse or touchscreen to play.";

const categoryMissing = (categoryId: number) => new Invalid(`Category ${categoryId} does not exist`);

/** 400 "Category N does not exist" unless it does. */
export async function assertCategoryExists(db: Db, categoryId: number): Promise<void> {
  const [row] = await db
    .select({ id: categoriesTable.id })
    .from(categoriesTable)
    .where(eq(categoriesTable.id, categoryId));
  if (!row) throw categoryMissing(categoryId);
}

/** Spec §2 /cms/games, §7: adds a game played from its URL (Add, URL mode). */
export async function createGame(
  db: Db,
  gamesUrl: string,
  b: z.output<typeof adminGameCreateSchema>,
): Promise<AdminGame> {
  await assertCategoryExists(db, b.categoryId);
  await assertCollectionsExist(db, b.collectionIds ?? []);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(gamesTable)
        .values({
          title: b.title,
          description: b.description,
          imageUrl: b.imageUrl,
          categoryId: b.categoryId,
          externalUrl: b.externalUrl,
          hasPackage: false,
          developer: b.developer,
          instructions: b.instructions ?? DEFAULT_INSTRUCTIONS,
          isFeatured: b.isFeatured,
          plays: b.plays,
          rating: b.rating,
          releaseDate: b.releaseDate ?? null,
          difficulty: b.difficulty ?? null,
          // D90: a new game has no scores: its rules are only stored
          ...scoreRuleColumns(b.scoreRules),
        })
        .returning({ id: gamesTable.id });
      if (b.collectionIds?.length) await setGameCollections(tx, row.id, b.collectionIds);
      return row.id;
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw categoryMissing(b.categoryId);
    throw err;
  }
  return (await getAdminGame(db, gamesUrl, id))!;
}

/** D113: the fields a later sync of the game's feed leaves alone once an admin has changed them. */
const FEED_SYNCED_FIELDS = ["title", "description", "instructions", "imageUrl", "externalUrl"] as const;

function editedFieldsAfter(set: Partial<typeof gamesTable.$inferInsert>): SQL {
  const edited = FEED_SYNCED_FIELDS.filter((field) => set[field] !== undefined);
  if (edited.length === 0) return sql`${gamesTable.editedFields}`;
  return sql`case when ${gamesTable.sourceFeedId} is null then ${gamesTable.editedFields}
    else array(select distinct field from unnest(${gamesTable.editedFields} || ${sql.param(edited)}::text[]) as field order by 1) end`;
}

/**
 * Spec §5 "Edit game": only the listed fields; blank fields keep the existing values. D113, D114: `hiddenReason: null`
 * shows a hidden game again, its embed checks starting over (a game is hidden only by a sync or the embed check).
 */
export async function updateGame(
  db: Db,
  gamesUrl: string,
  id: number,
  b: z.output<typeof adminGamePatchSchema>,
): Promise<AdminGame> {
  await assertGameExists(db, id);
  const set: Partial<typeof gamesTable.$inferInsert> = {};
  if (b.title !== undefined) set.title = b.title;
  if (b.description !== undefined) set.description = b.description;
  if (b.imageUrl !== undefined) set.imageUrl = b.imageUrl;
  if (b.externalUrl !== undefined) set.externalUrl = b.externalUrl;
  if (b.developer !== undefined) set.developer = b.developer;
  if (b.instructions !== undefined) set.instructions = b.instructions;
  if (b.isFeatured !== undefined) set.isFeatured = b.isFeatured;
  if (b.difficulty !== undefined) set.difficulty = b.difficulty;
  if (b.hiddenReason === null) Object.assign(set, { hiddenReason: null, embedFailures: 0 });
  if (b.categoryId !== undefined) {
    await assertCategoryExists(db, b.categoryId);
    set.categoryId = b.categoryId;
  }
  if (b.collectionIds !== undefined) await assertCollectionsExist(db, b.collectionIds);
  if (Object.keys(set).length > 0 || b.collectionIds !== undefined || b.scoreRules !== undefined) {
    try {
      await db.transaction(async (tx) => {
        await tx
          .update(gamesTable)
          .set({ ...set, editedFields: editedFieldsAfter(set), updatedAt: new Date() })
          .where(eq(gamesTable.id, id));
        if (b.collectionIds !== undefined) await setGameCollections(tx, id, b.collectionIds);
        // D90: a change of order or format re-ranks the game's boards and its players' totals
        await applyScoreRules(tx, id, b.scoreRules);
      });
    } catch (err) {
      if (isForeignKeyViolation(err) && b.categoryId !== undefined) throw categoryMissing(b.categoryId);
      throw err;
    }
  }
  const game = await getAdminGame(db, gamesUrl, id);
  if (!game) throw new NotFound("Game not found");
  return game;
}

/**
 * D44: adds an uploaded game whose package has been staged (stageUploadedPackage). The row and the
 * files arrive together: if moving the files fails, the row is rolled back. Returns the new id.
 * D77 and issue 14 item 7: before it moves, the package's portal SDK addresses are pointed at the adapters and
 * its adapter, size and file count are recorded with the row.
 */
export async function createPackagedGame(
  db: Db,
  files: FileStore,
  fields: z.output<typeof adminGameUploadFieldsSchema> & { scoreRules?: ScoreRulesPatch; hiddenReason?: "draft" },
  stagingDir: string,
): Promise<number> {
  try {
    const scan = await preparePackage(stagingDir);
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(gamesTable)
        .values({
          title: fields.title,
          description: fields.description,
          imageUrl: fields.imageUrl,
          categoryId: fields.categoryId,
          externalUrl: null,
          hasPackage: true,
          developer: fields.developer,
          instructions: fields.instructions ?? DEFAULT_INSTRUCTIONS,
          isFeatured: fields.isFeatured,
          sdkAdapter: scan.sdkAdapter,
          packageBytes: scan.packageBytes,
          packageFiles: scan.packageFiles,
          difficulty: fields.difficulty ?? null,
          hiddenReason: fields.hiddenReason ?? null,
          ...scoreRuleColumns(fields.scoreRules),
        })
        .returning({ id: gamesTable.id });
      if (fields.collectionIds?.length) await setGameCollections(tx, row.id, fields.collectionIds);
      await commitPackage(files, stagingDir, row.id);
      return row.id;
    });
  } catch (err) {
    await fsp.rm(stagingDir, { recursive: true, force: true });
    if (isForeignKeyViolation(err)) throw categoryMissing(fields.categoryId);
    throw err;
  }
}

/**
 * Deletes the game (its plays, scores and reviews go with it) and its package files (D3); its
 * scores went with it, so the leaderboard aggregates are rebuilt (decision 004).
 */
export async function deleteGame(db: Db, files: FileStore, id: number): Promise<void> {
  const deleted = await db.delete(gamesTable).where(eq(gamesTable.id, id)).returning({ id: gamesTable.id });
  if (deleted.length === 0) throw new NotFound("Game not found");
  await removePackage(files, id);
  await removeBuilds(files, id);
  await rebuildPlayerStats(db);
}
