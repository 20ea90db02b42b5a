import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  GAME_ACHIEVEMENT_LIMITS,
  HIDDEN_ACHIEVEMENT_TITLE,
  manifestAchievementsSchema,
  type AdminGameAchievement,
  type GameAchievement,
  type ManifestAchievement,
  type MyGameAchievements,
  type UserGameAchievement,
  type adminGameAchievementCreateSchema,
  type adminGameAchievementPatchSchema,
} from "../../contract/game-achievements";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { gameAchievementsTable, gamesTable, playerGameAchievementsTable, usersTable } from "../db/schema";
import { Conflict, Invalid, NotFound } from "../errors";
import { assertGameExists, assertGameShown, gameIsShown, gameVisibility } from "./game-catalogue";
import { readManifestKey } from "./packages";
import { PLAY_SESSION_TTL_MS } from "./scores";

/**
 * Per-game achievements (D78).
 *
 * Contract:
 * - Declaring: `syncDeclaredAchievements` writes a game.json's list into game_achievements, upserting by
 *   key so that existing rows keep their ids (and their unlocks); the list's order becomes sort_order.
 *   Keys the list leaves out are left alone (an admin deletes them in the CMS). The CMS functions
 *   (`adminList…`, `adminCreate…`, …) edit the same rows; at most 50 per game.
 * - Unlocking: `unlockGameAchievement` needs a declared key (else NotFound "Unknown achievement") and an
 *   open play (else Conflict "No open play"): a play of this game by this user started at most 6 hours
 *   ago, the rule that applies to scores. The (user, achievement) primary key makes an unlock happen
 *   once per player, also when two requests race: the insert `on conflict do nothing` tells who won.
 *   One play unlocks at most UNLOCKS_PER_PLAY (Conflict past it): the play's row is locked while counting.
 * - Showing: `listGameAchievements` is the same for everybody (cacheable): hidden achievements
 *   are listed as "Hidden achievement" without a description, and each has the rounded percent of the
 *   game's players (distinct users with a score or an unlock in the game) who have it.
 *   `myGameAchievements` and `listUserGameAchievements` are the per-player reads.
 * - Icons: a relative icon path is resolved to the game's package on the games origin.
 *
 * No HTTP types here: routes/game-achievements.ts and routes/admin/game-achievements.ts are the thin routes.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Row = typeof gameAchievementsTable.$inferSelect;

/** A relative icon path points into the game's package (`{GAMES_URL}/game-frame/{id}/…`); addresses and /uploads/ stay as they are. */
export function resolveIconUrl(iconUrl: string | null, gameId: number, gamesUrl: string): string | null {
  if (!iconUrl) return null;
  if (/^https?:\/\//.test(iconUrl) || iconUrl.startsWith("/")) return iconUrl;
  return `${gamesUrl}/game-frame/${gameId}/${iconUrl.replace(/^\.\//, "")}`;
}

/**
 * The achievements an uploaded package declares in its game.json. A package without game.json, or
 * whose game.json is not JSON or has no `achievements`, declares none (game.json may be another portal's
 * file); a present but invalid list, or an icon that is not in the package, is refused (Invalid).
 */
export async function readPackageAchievements(packageDir: string): Promise<ManifestAchievement[]> {
  const declared = await readManifestKey(packageDir, "achievements");
  if (declared === undefined) return [];
  const parsed = manifestAchievementsSchema.safeParse(declared);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Invalid(
      `game.json achievements${issue.path.length ? `[${issue.path.join(".")}]` : ""}: ${issue.message}`,
    );
  }
  for (const a of parsed.data) {
    if (!a.icon) continue;
    const file = path.resolve(packageDir, a.icon);
    const inside = file.startsWith(path.resolve(packageDir) + path.sep);
    const exists =
      inside &&
      (await fs.stat(file).then(
        (st) => st.isFile(),
        () => false,
      ));
    if (!exists) throw new Invalid(`game.json achievements: the icon ${a.icon} is not in the package`);
  }
  return parsed.data;
}

/** Writes a game's declared achievements (game.json), keeping existing rows' ids. */
export async function syncDeclaredAchievements(db: Db, gameId: number, declared: ManifestAchievement[]): Promise<void> {
  if (!declared.length) return;
  await db.transaction(async (tx) => {
    for (const [i, a] of declared.entries()) {
      const values = {
        title: a.title,
        description: a.description,
        iconUrl: a.icon ?? null,
        hidden: a.hidden,
        sortOrder: i,
      };
      await tx
        .insert(gameAchievementsTable)
        .values({ gameId, key: a.key, ...values })
        .onConflictDoUpdate({ target: [gameAchievementsTable.gameId, gameAchievementsTable.key], set: values });
    }
  });
}

export async function listGameAchievements(db: Db, gamesUrl: string, gameId: number): Promise<GameAchievement[]> {
  await assertGameShown(db, gameId, await gameVisibility(db));
  const res = await db.execute(sql`
    with players as (
      select user_id from scores where game_id = ${gameId}
      union
      select p.user_id from player_game_achievements p join game_achievements a on a.id = p.achievement_id where a.game_id = ${gameId}
    )
    select a.key, a.title, a.description, a.icon_url, a.hidden,
      (select count(*)::int from player_game_achievements p where p.achievement_id = a.id) as holders,
      (select count(*)::int from players) as players
    from game_achievements a where a.game_id = ${gameId}
    order by a.sort_order, a.id`);
  return res.rows.map((raw) => {
    const r = raw as {
      key: string;
      title: string;
      description: string;
      icon_url: string | null;
      hidden: boolean;
      holders: number;
      players: number;
    };
    const players = Number(r.players);
    const share = players > 0 ? Math.min(100, Math.round((Number(r.holders) * 100) / players)) : 0;
    return {
      key: r.key,
      title: r.hidden ? HIDDEN_ACHIEVEMENT_TITLE : r.title,
      description: r.hidden ? "" : r.description,
      iconUrl: r.hidden ? null : resolveIconUrl(r.icon_url, gameId, gamesUrl),
      hidden: Boolean(r.hidden),
      players: share,
    };
  });
}

export async function myGameAchievements(db: Db, gameId: number, userId: number): Promise<MyGameAchievements> {
  await assertGameShown(db, gameId, await gameVisibility(db));
  const rows = await db
    .select({ key: gameAchievementsTable.key, unlockedAt: playerGameAchievementsTable.unlockedAt })
    .from(playerGameAchievementsTable)
    .innerJoin(gameAchievementsTable, eq(gameAchievementsTable.id, playerGameAchievementsTable.achievementId))
    .where(and(eq(gameAchievementsTable.gameId, gameId), eq(playerGameAchievementsTable.userId, userId)))
    .orderBy(asc(gameAchievementsTable.sortOrder), asc(gameAchievementsTable.id));
  return { unlocked: rows.map((r) => ({ key: r.key, unlockedAt: r.unlockedAt.toISOString() })) };
}

/**
 * D108: the most achievements one play may unlock. The most a single round of a built-in game can earn is 4 (Brick
 * Breaker, Number Merge, Mine Sweeper); one to spare. A forged frame then gets at most this many per play it opens,
 * not every achievement of the game in one burst.
 */
export const UNLOCKS_PER_PLAY = 5;
export const UNLOCKS_PER_PLAY_MESSAGE = `One play can unlock at most ${UNLOCKS_PER_PLAY} achievements: play another round for more`;

/** D78: unlocks `key` of the game for the user during an open play; `{unlocked: false}` when they already have it. */
export async function unlockGameAchievement(
  db: Db,
  userId: number,
  gameId: number,
  input: { key: string; playId: string },
  now = new Date(),
): Promise<{ unlocked: boolean }> {
  // a play opened before the game was hidden unlocks nothing more
  await assertGameShown(db, gameId, await gameVisibility(db));
  const [achievement] = await db
    .select({ id: gameAchievementsTable.id })
    .from(gameAchievementsTable)
    .where(and(eq(gameAchievementsTable.gameId, gameId), eq(gameAchievementsTable.key, input.key)));
  if (!achievement) throw new NotFound("Unknown achievement");
  if (!UUID.test(input.playId)) throw new Conflict("No open play");
  return db.transaction(async (tx) => {
    const play = (
      await tx.execute(sql`
        select 1 from plays where id = ${input.playId}::uuid and game_id = ${gameId} and user_id = ${userId}
          and created_at >= ${new Date(now.getTime() - PLAY_SESSION_TTL_MS).toISOString()}::timestamptz
          and created_at <= ${new Date(now.getTime() + 60_000).toISOString()}::timestamptz
        for update`)
    ).rows[0];
    if (!play) throw new Conflict("No open play");
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(playerGameAchievementsTable)
      .where(eq(playerGameAchievementsTable.playId, input.playId));
    const inserted =
      n >= UNLOCKS_PER_PLAY
        ? []
        : await tx
            .insert(playerGameAchievementsTable)
            .values({ userId, achievementId: achievement.id, playId: input.playId, unlockedAt: now })
            .onConflictDoNothing()
            .returning({ userId: playerGameAchievementsTable.userId });
    // an achievement the player already has is no news, whatever the count; a new one past the cap is refused
    if (n >= UNLOCKS_PER_PLAY) {
      const [has] = await tx
        .select({ userId: playerGameAchievementsTable.userId })
        .from(playerGameAchievementsTable)
        .where(
          and(
            eq(playerGameAchievementsTable.userId, userId),
            eq(playerGameAchievementsTable.achievementId, achievement.id),
          ),
        );
      if (!has) throw new Conflict(UNLOCKS_PER_PLAY_MESSAGE);
    }
    return { unlocked: inserted.length > 0 };
  });
}

/** A profile's game achievements, newest first (disabled accounts do not exist, D25). */
export async function listUserGameAchievements(
  db: Db,
  gamesUrl: string,
  userId: number,
): Promise<UserGameAchievement[]> {
  const [user] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(and(eq(usersTable.id, userId), isNull(usersTable.disabledAt)));
  if (!user) throw new NotFound("User not found");
  const rows = await db
    .select({
      gameId: gamesTable.id,
      gameTitle: gamesTable.title,
      key: gameAchievementsTable.key,
      title: gameAchievementsTable.title,
      description: gameAchievementsTable.description,
      iconUrl: gameAchievementsTable.iconUrl,
      unlockedAt: playerGameAchievementsTable.unlockedAt,
    })
    .from(playerGameAchievementsTable)
    .innerJoin(gameAchievementsTable, eq(gameAchievementsTable.id, playerGameAchievementsTable.achievementId))
    .innerJoin(gamesTable, eq(gamesTable.id, gameAchievementsTable.gameId))
    .where(and(eq(playerGameAchievementsTable.userId, userId), gameIsShown(await gameVisibility(db))))
    .orderBy(sql`${playerGameAchievementsTable.unlockedAt} desc`, asc(gameAchievementsTable.id))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    iconUrl: resolveIconUrl(r.iconUrl, r.gameId, gamesUrl),
    unlockedAt: r.unlockedAt.toISOString(),
  }));
}

// ---- CMS: the admin's view and edits ----

async function adminRows(db: Db, gameId: number): Promise<AdminGameAchievement[]> {
  const rows = await db
    .select({
      row: gameAchievementsTable,
      unlocks: sql<number>`(select count(*)::int from player_game_achievements p where p.achievement_id = ${gameAchievementsTable.id})`,
    })
    .from(gameAchievementsTable)
    .where(eq(gameAchievementsTable.gameId, gameId))
    .orderBy(asc(gameAchievementsTable.sortOrder), asc(gameAchievementsTable.id));
  return rows.map(({ row, unlocks }) => toAdmin(row, Number(unlocks)));
}

function toAdmin(row: Row, unlocks: number): AdminGameAchievement {
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    description: row.description,
    iconUrl: row.iconUrl,
    hidden: row.hidden,
    sortOrder: row.sortOrder,
    unlocks,
  };
}

export async function adminListGameAchievements(db: Db, gameId: number): Promise<AdminGameAchievement[]> {
  await assertGameExists(db, gameId);
  return adminRows(db, gameId);
}

export async function adminCreateGameAchievement(
  db: Db,
  gameId: number,
  input: z.output<typeof adminGameAchievementCreateSchema>,
): Promise<AdminGameAchievement> {
  await assertGameExists(db, gameId);
  return db.transaction(async (tx) => {
    // The game row is locked so that two creations cannot both pass the count.
    await tx.execute(sql`select id from games where id = ${gameId} for update`);
    const [{ n, last }] = (
      await tx.execute(
        sql`select count(*)::int as n, coalesce(max(sort_order), -1)::int as last from game_achievements where game_id = ${gameId}`,
      )
    ).rows as { n: number; last: number }[];
    if (Number(n) >= GAME_ACHIEVEMENT_LIMITS.perGame)
      throw new Invalid(`A game has at most ${GAME_ACHIEVEMENT_LIMITS.perGame} achievements`);
    const [row] = await tx
      .insert(gameAchievementsTable)
      .values({
        gameId,
        key: input.key,
        title: input.title,
        description: input.description,
        iconUrl: input.iconUrl ?? null,
        hidden: input.hidden,
        sortOrder: Number(last) + 1,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new Conflict("This game already has an achievement with that key");
    return toAdmin(row, 0);
  });
}

export async function adminUpdateGameAchievement(
  db: Db,
  gameId: number,
  achievementId: number,
  change: z.output<typeof adminGameAchievementPatchSchema>,
): Promise<AdminGameAchievement> {
  const where = and(eq(gameAchievementsTable.id, achievementId), eq(gameAchievementsTable.gameId, gameId));
  try {
    // An empty change edits nothing: the row as it is.
    const [row] = Object.keys(change).length
      ? await db.update(gameAchievementsTable).set(change).where(where).returning()
      : await db.select().from(gameAchievementsTable).where(where);
    if (!row) throw new NotFound("Achievement not found");
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(playerGameAchievementsTable)
      .where(eq(playerGameAchievementsTable.achievementId, row.id));
    return toAdmin(row, Number(n));
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict("This game already has an achievement with that key");
    throw err;
  }
}

/** Puts the game's achievements in the order of `ids`, which must name each of them once. */
export async function adminReorderGameAchievements(
  db: Db,
  gameId: number,
  ids: number[],
): Promise<AdminGameAchievement[]> {
  await assertGameExists(db, gameId);
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: gameAchievementsTable.id })
      .from(gameAchievementsTable)
      .where(eq(gameAchievementsTable.gameId, gameId));
    const known = new Set(current.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw new Invalid("The order must name each of the game's achievements once");
    }
    for (const [i, id] of ids.entries())
      await tx.update(gameAchievementsTable).set({ sortOrder: i }).where(eq(gameAchievementsTable.id, id));
  });
  return adminRows(db, gameId);
}

export async function adminDeleteGameAchievement(db: Db, gameId: number, achievementId: number): Promise<void> {
  const deleted = await db
    .delete(gameAchievementsTable)
    .where(and(eq(gameAchievementsTable.id, achievementId), eq(gameAchievementsTable.gameId, gameId)))
    .returning({ id: gameAchievementsTable.id });
  if (!deleted.length) throw new NotFound("Achievement not found");
}

/** The title of a game's achievement (D85's notification), or null when the key is not declared. */
export async function gameAchievementTitle(db: Db, gameId: number, key: string): Promise<string | null> {
  const [row] = await db
    .select({ title: gameAchievementsTable.title })
    .from(gameAchievementsTable)
    .where(and(eq(gameAchievementsTable.gameId, gameId), eq(gameAchievementsTable.key, key)));
  return row?.title ?? null;
}
