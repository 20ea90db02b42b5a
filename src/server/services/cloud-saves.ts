import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { CloudSave, CloudSaveWrite } from "../../contract/saves";
import {
  CLOUD_SAVE_LIMITS,
  CLOUD_SAVE_QUOTA_KIB,
  CLOUD_SAVE_QUOTA_SETTING,
  entryBytes,
  formatBytes,
  parseCloudSaveQuotaKib,
  quotaMessage,
} from "../../contract/saves-constants";
import type { Db, Tx } from "../db/client";
import { gameSavesTable, usersTable, websiteContentTable } from "../db/schema";
import { TooLarge, Unauthorized } from "../errors";
import { assertGameOnGamesOrigin, gameVisibility } from "./game-catalogue";

/**
 * Cloud saves (D76): each signed-in player's small key-value store per game.
 *
 * Contract:
 * - Whose data: the caller passes the player's id, which must come from the session (never from a
 *   request body); every query is limited to that player and the one game asked for.
 * - Which games: one that does not exist, or is played from an external URL, has no store:
 *   NotFound "Game not found".
 * - Size: an entry uses the UTF-8 bytes of its key plus those of its value (kept in `bytes`). The
 *   quota per player and game is the site setting `site.cloud_save_quota_kib` (KiB; 1024 when missing
 *   or unreadable), read on every call: one row by its unique key, so no cache to invalidate.
 * - A write (`writeCloudSave`) happens in one transaction that first locks the player's row, so that one
 *   player's writes (two tabs, two games) run one after another: no two of them can together go over the
 *   quota, and none can replace a newer value with an older one. Then:
 *   1. every updatedAt more than 5 minutes ahead of the server's clock is taken as the server's now
 *      (a wrong clock must not make a value unbeatable);
 *   2. `clear` deletes the entries written at or before its time; the batch's items older than it are dropped;
 *   3. within the batch, the newest item of each key wins; on a tie a later item beats an earlier one
 *      and a remove beats a set (as if the sets were applied first, then the removes);
 *   4. a set replaces the stored entry when its time is at or after the stored one's (else it is ignored);
 *      a remove deletes the stored entry under the same rule;
 *   5. when the game's data would then use more than the quota, and more than before the write,
 *      CloudSaveQuotaExceeded (a TooLarge, code "quota") is thrown before anything is written: the size
 *      after the batch is worked out from the stored sizes of the batch's keys and of what `clear` removes.
 *      A write that does not add bytes is always accepted, so that a player left over a quota an
 *      administrator lowered can still delete or shrink data.
 * - Body size: a write's body may have at most `cloudSaveBodyLimit(quota)` bytes (the route refuses a larger
 *   one with CloudSaveBodyTooLarge before reading it).
 * - Entries come back sorted by key in code point order (COLLATE "C", the same on every database).
 *
 * No HTTP types here: the route (routes/saves.ts) checks the session and the rate limit, then calls these.
 */

/** The 413 of a write that would take the game's data over the quota. */
export class CloudSaveQuotaExceeded extends TooLarge {
  override readonly code = "quota";
  constructor(
    readonly usedBytes: number,
    readonly quotaBytes: number,
  ) {
    super(quotaMessage(usedBytes, quotaBytes));
  }
}

/**
 * The largest write body for a quota: a full store twice over for JSON's escapes (quotes and backslashes in
 * saved JSON), plus 1 MiB for the item wrappers (up to 1,000 keys and dates, removes included).
 */
export function cloudSaveBodyLimit(quotaBytes: number): number {
  return 2 * quotaBytes + 1024 * 1024;
}

/** The 413 of a write body larger than `cloudSaveBodyLimit` (refused unread: no `code`, the data is not the problem). */
export class CloudSaveBodyTooLarge extends TooLarge {
  constructor(sentBytes: number | "more", limitBytes: number, quotaBytes: number) {
    const sent = sentBytes === "more" ? `more than ${formatBytes(limitBytes)}` : formatBytes(sentBytes);
    super(
      `Cloud save write too large: ${sent} sent, at most ${formatBytes(limitBytes)} accepted (this game's data may use ${formatBytes(quotaBytes)})`,
    );
  }
}

// Sizes, the 413's message and an entry's bytes are the same rules on the game page (contract/saves-constants.ts).
export { entryBytes, formatBytes, quotaMessage };

/** Step 1: a time more than 5 minutes ahead of `now` is taken as `now`. */
export function clampWrittenAt(at: Date, now: Date): Date {
  return at.getTime() > now.getTime() + CLOUD_SAVE_LIMITS.futureToleranceMs ? now : at;
}

export type SaveOp = { kind: "set"; key: string; value: string; at: Date } | { kind: "remove"; key: string; at: Date };
export type SavePlan = { clearAt?: Date; ops: SaveOp[] };

/** Steps 1 to 3: the batch as at most one operation per key, with clamped times. */
export function planWrite(write: CloudSaveWrite, now: Date): SavePlan {
  const when = (iso: string) => clampWrittenAt(new Date(iso), now);
  const clearAt = write.clear ? when(write.clear.updatedAt) : undefined;
  const items: SaveOp[] = [
    ...(write.set ?? []).map((s): SaveOp => ({ kind: "set", key: s.key, value: s.value, at: when(s.updatedAt) })),
    ...(write.remove ?? []).map((r): SaveOp => ({ kind: "remove", key: r.key, at: when(r.updatedAt) })),
  ];
  const byKey = new Map<string, SaveOp>();
  for (const op of items) {
    if (clearAt && op.at < clearAt) continue;
    const current = byKey.get(op.key);
    if (!current || op.at >= current.at) byKey.set(op.key, op);
  }
  return { clearAt, ops: [...byKey.values()] };
}

/** The quota in bytes: the site setting in KiB, or the default when it is missing or not a number in range. */
export async function cloudSaveQuotaBytes(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ value: websiteContentTable.value })
    .from(websiteContentTable)
    .where(and(eq(websiteContentTable.section, "site"), eq(websiteContentTable.key, CLOUD_SAVE_QUOTA_SETTING)));
  return (parseCloudSaveQuotaKib(row?.value ?? "") ?? CLOUD_SAVE_QUOTA_KIB.default) * 1024;
}

const ofPlayerGame = (userId: number, gameId: number) =>
  and(eq(gameSavesTable.userId, userId), eq(gameSavesTable.gameId, gameId));

async function usedBytes(db: Db | Tx, userId: number, gameId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${gameSavesTable.bytes}), 0)`.mapWith(Number) })
    .from(gameSavesTable)
    .where(ofPlayerGame(userId, gameId));
  return row.used;
}

async function readStore(db: Db | Tx, userId: number, gameId: number, quotaBytes: number): Promise<CloudSave> {
  const rows = await db
    .select({
      key: gameSavesTable.key,
      value: gameSavesTable.value,
      bytes: gameSavesTable.bytes,
      updatedAt: gameSavesTable.updatedAt,
    })
    .from(gameSavesTable)
    .where(ofPlayerGame(userId, gameId))
    .orderBy(asc(sql`${gameSavesTable.key} collate "C"`));
  return {
    entries: rows.map((r) => ({ key: r.key, value: r.value, updatedAt: r.updatedAt.toISOString() })),
    usedBytes: rows.reduce((sum, r) => sum + r.bytes, 0),
    quotaBytes,
  };
}

/**
 * Step 5's size, before any write: how many bytes the plan adds to the game's data (negative when it frees
 * some), from the stored sizes and times of the batch's keys and the bytes `clear` removes.
 */
async function bytesAdded(tx: Tx, userId: number, gameId: number, plan: SavePlan): Promise<number> {
  const { clearAt, ops } = plan;
  const cleared = (at: Date) => clearAt !== undefined && at <= clearAt;
  let added = 0;
  if (clearAt) {
    const [row] = await tx
      .select({ bytes: sql<number>`coalesce(sum(${gameSavesTable.bytes}), 0)`.mapWith(Number) })
      .from(gameSavesTable)
      .where(and(ofPlayerGame(userId, gameId), lte(gameSavesTable.updatedAt, clearAt)));
    added -= row.bytes;
  }
  if (ops.length === 0) return added;
  const stored = new Map(
    (
      await tx
        .select({ key: gameSavesTable.key, bytes: gameSavesTable.bytes, updatedAt: gameSavesTable.updatedAt })
        .from(gameSavesTable)
        .where(
          and(
            ofPlayerGame(userId, gameId),
            inArray(
              gameSavesTable.key,
              ops.map((op) => op.key),
            ),
          ),
        )
    ).map((r) => [r.key, r]),
  );
  for (const op of ops) {
    const found = stored.get(op.key);
    // An entry `clear` removed is gone: a set after it adds its whole size, a remove finds nothing.
    const current = found && !cleared(found.updatedAt) ? found : undefined;
    if (current && current.updatedAt > op.at) continue;
    added += (op.kind === "set" ? entryBytes(op.key, op.value) : 0) - (current?.bytes ?? 0);
  }
  return added;
}

/** GET: the player's entries of the game, the bytes they use and the quota. */
export async function readCloudSave(db: Db, userId: number, gameId: number): Promise<CloudSave> {
  await assertGameOnGamesOrigin(db, gameId, await gameVisibility(db));
  return readStore(db, userId, gameId, await cloudSaveQuotaBytes(db));
}

/** POST: applies a batch (see the contract above) and returns the store as it is afterwards. */
export async function writeCloudSave(
  db: Db,
  userId: number,
  gameId: number,
  write: CloudSaveWrite,
  now = new Date(),
): Promise<CloudSave> {
  const plan = planWrite(write, now);
  const visibility = await gameVisibility(db);
  return db.transaction(async (tx) => {
    // One player's writes run one after another (FOR NO KEY UPDATE leaves foreign-key checks and reads alone).
    const [player] = await tx
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(eq(usersTable.id, userId))
      .for("no key update");
    if (!player) throw new Unauthorized("Not signed in");
    await assertGameOnGamesOrigin(tx, gameId, visibility, { lock: true });
    const quotaBytes = await cloudSaveQuotaBytes(tx);
    const before = await usedBytes(tx, userId, gameId);
    const after = before + (await bytesAdded(tx, userId, gameId, plan));
    if (after > quotaBytes && after > before) throw new CloudSaveQuotaExceeded(after, quotaBytes);

    if (plan.clearAt)
      await tx
        .delete(gameSavesTable)
        .where(and(ofPlayerGame(userId, gameId), lte(gameSavesTable.updatedAt, plan.clearAt)));

    const sets = plan.ops.flatMap((op) =>
      op.kind === "set"
        ? [{ userId, gameId, key: op.key, value: op.value, bytes: entryBytes(op.key, op.value), updatedAt: op.at }]
        : [],
    );
    if (sets.length > 0) {
      await tx
        .insert(gameSavesTable)
        .values(sets)
        .onConflictDoUpdate({
          target: [gameSavesTable.userId, gameSavesTable.gameId, gameSavesTable.key],
          set: { value: sql`excluded.value`, bytes: sql`excluded.bytes`, updatedAt: sql`excluded.updated_at` },
          // The newer write wins: an older value never replaces a newer one.
          setWhere: sql`game_saves.updated_at <= excluded.updated_at`,
        });
    }

    const removes = plan.ops.flatMap((op) => (op.kind === "remove" ? [{ key: op.key, at: op.at.toISOString() }] : []));
    if (removes.length > 0) {
      await tx.execute(sql`
        delete from game_saves s
        using jsonb_to_recordset(${JSON.stringify(removes)}::jsonb) as r(key text, at timestamptz)
        where s.user_id = ${userId} and s.game_id = ${gameId} and s.key = r.key and s.updated_at <= r.at`);
    }

    return readStore(tx, userId, gameId, quotaBytes);
  });
}
