/**
 * My Games (D86): favourites, the games a player played last, and the playtime per game measured from the
 * game's gameplay start/stop reports.
 *
 * Contract:
 * - `addFavorite` / `removeFavorite` are idempotent; adding an unknown game is NotFound, adding beyond
 *   MAX_FAVORITES is Conflict. `favoriteIds` lists the player's favourites, newest first.
 * - A started play counts on player_games (services/player-games.ts, from recordPlay).
 * - `recordGameplay` takes one report of a play's gameplay ("start" or "stop") from the play's owner (NotFound for
 *   an unknown play or one of another game, Forbidden for another player's play). Time is read from the server's
 *   clock only (`now`, injectable for tests): a report closes the running stretch, if any, adding
 *   min(now - since, MAX_GAMEPLAY_STRETCH_MS) to the play, never beyond MAX_PLAYTIME_PER_PLAY_MS in all, and the
 *   same amount to the player's playtime on the game; "start" then opens a new stretch, "stop" leaves none.
 *   A client never sends a duration.
 * - `myGames` answers both lists with the player's figures; deleted games are gone with their rows (cascade).
 * No HTTP types.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { MyGame, MyGames } from "../../contract/my-games";
import {
  MAX_FAVORITES,
  MAX_GAMEPLAY_STRETCH_MS,
  MAX_PLAYTIME_PER_PLAY_MS,
  RECENT_GAMES_LIMIT,
  type GameplayState,
} from "../../contract/my-games-constants";
import type { Db } from "../db/client";
import { isForeignKeyViolation } from "../db/pg-errors";
import { categoriesTable, favoritesTable, gamesTable, playerGamesTable, playsTable } from "../db/schema";
import { Conflict, Forbidden, NotFound } from "../errors";
import {
  assertGameShown,
  gameColumns,
  gameIsShown,
  gameVisibility,
  toGame,
  type GameVisibility,
} from "./game-catalogue";

/** D86: marks the game as a favourite of the player (again: nothing changes). */
export async function addFavorite(db: Db, userId: number, gameId: number): Promise<void> {
  const visibility = await gameVisibility(db);
  await db.transaction(async (tx) => {
    await assertGameShown(tx, gameId, visibility);
    const [{ n }] = await tx.select({ n: count() }).from(favoritesTable).where(eq(favoritesTable.userId, userId));
    if (n >= MAX_FAVORITES) {
      const [already] = await tx
        .select({ gameId: favoritesTable.gameId })
        .from(favoritesTable)
        .where(and(eq(favoritesTable.userId, userId), eq(favoritesTable.gameId, gameId)));
      if (already) return;
      throw new Conflict(`You can keep at most ${MAX_FAVORITES} favourites. Remove one first.`);
    }
    try {
      await tx.insert(favoritesTable).values({ userId, gameId }).onConflictDoNothing();
    } catch (err) {
      // the game was deleted meanwhile
      if (isForeignKeyViolation(err)) throw new NotFound("Game not found");
      throw err;
    }
  });
}

/** D86: removes the game from the player's favourites (whether or not it was one). */
export async function removeFavorite(db: Db, userId: number, gameId: number): Promise<void> {
  await db.delete(favoritesTable).where(and(eq(favoritesTable.userId, userId), eq(favoritesTable.gameId, gameId)));
}

/** D86: the ids of the player's favourite games, newest first. */
export async function favoriteIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ gameId: favoritesTable.gameId })
    .from(favoritesTable)
    .where(eq(favoritesTable.userId, userId))
    .orderBy(desc(favoritesTable.createdAt), desc(favoritesTable.gameId))
    .limit(MAX_FAVORITES);
  return rows.map((r) => r.gameId);
}

/** D86: the gameplay counted by one report: the running stretch, capped (MAX_GAMEPLAY_STRETCH_MS, MAX_PLAYTIME_PER_PLAY_MS). */
export function countedGameplayMs(play: { gameplaySince: Date | null; playtimeMs: number }, now: Date): number {
  if (!play.gameplaySince) return 0;
  const stretch = Math.min(Math.max(0, now.getTime() - play.gameplaySince.getTime()), MAX_GAMEPLAY_STRETCH_MS);
  return Math.max(0, Math.min(stretch, MAX_PLAYTIME_PER_PLAY_MS - play.playtimeMs));
}

/**
 * D86: one gameplay report of the player's play (see the contract above). Answers the play's playtime so far and
 * what this report added.
 */
export async function recordGameplay(
  db: Db,
  report: { userId: number; gameId: number; playId: string; state: GameplayState },
  now: Date = new Date(),
): Promise<{ playtimeMs: number; addedMs: number }> {
  return db.transaction(async (tx) => {
    const [play] = await tx
      .select({ userId: playsTable.userId, gameplaySince: playsTable.gameplaySince, playtimeMs: playsTable.playtimeMs })
      .from(playsTable)
      .where(and(eq(playsTable.id, report.playId), eq(playsTable.gameId, report.gameId)))
      .for("update");
    if (!play) throw new NotFound("Play not found");
    if (play.userId !== report.userId) throw new Forbidden("This play belongs to another player");
    const addedMs = countedGameplayMs(play, now);
    const playtimeMs = play.playtimeMs + addedMs;
    await tx
      .update(playsTable)
      .set({
        playtimeMs,
        gameplaySince: report.state === "start" ? now : null,
        // D108: a round is measured from the play's first start on the server's clock
        ...(report.state === "start"
          ? { gameplayStartedAt: sql`coalesce(${playsTable.gameplayStartedAt}, ${now.toISOString()}::timestamptz)` }
          : {}),
      })
      .where(eq(playsTable.id, report.playId));
    if (addedMs > 0) {
      await tx
        .insert(playerGamesTable)
        .values({ userId: report.userId, gameId: report.gameId, lastPlayedAt: now, plays: 0, playtimeMs: addedMs })
        .onConflictDoUpdate({
          target: [playerGamesTable.userId, playerGamesTable.gameId],
          set: { playtimeMs: sql`${playerGamesTable.playtimeMs} + ${addedMs}` },
        });
    }
    return { playtimeMs, addedMs };
  });
}

const myGameColumns = {
  ...gameColumns,
  lastPlayedAt: playerGamesTable.lastPlayedAt,
  playtimeMs: playerGamesTable.playtimeMs,
};

function toMyGame(row: Awaited<ReturnType<typeof favoriteRows>>[number], gamesUrl: string): MyGame {
  return {
    ...toGame(row, gamesUrl),
    lastPlayedAt: row.lastPlayedAt ? row.lastPlayedAt.toISOString() : null,
    playtimeMs: row.playtimeMs === null ? null : Number(row.playtimeMs),
  };
}

function recentRows(db: Db, userId: number, visibility: GameVisibility) {
  return db
    .select(myGameColumns)
    .from(playerGamesTable)
    .innerJoin(gamesTable, eq(gamesTable.id, playerGamesTable.gameId))
    .innerJoin(categoriesTable, eq(categoriesTable.id, gamesTable.categoryId))
    .where(and(eq(playerGamesTable.userId, userId), gameIsShown(visibility)))
    .orderBy(desc(playerGamesTable.lastPlayedAt), desc(playerGamesTable.gameId))
    .limit(RECENT_GAMES_LIMIT);
}

function favoriteRows(db: Db, userId: number, visibility: GameVisibility) {
  return db
    .select(myGameColumns)
    .from(favoritesTable)
    .innerJoin(gamesTable, eq(gamesTable.id, favoritesTable.gameId))
    .innerJoin(categoriesTable, eq(categoriesTable.id, gamesTable.categoryId))
    .leftJoin(
      playerGamesTable,
      and(eq(playerGamesTable.userId, favoritesTable.userId), eq(playerGamesTable.gameId, favoritesTable.gameId)),
    )
    .where(and(eq(favoritesTable.userId, userId), gameIsShown(visibility)))
    .orderBy(desc(favoritesTable.createdAt), desc(favoritesTable.gameId))
    .limit(MAX_FAVORITES);
}

/**
 * D100: the player's favourites (newest first) and the games they played last, with their figures; hidden games are
 * left out (D113–D115) and come back with their rows when shown again.
 */
export async function myGames(db: Db, gamesUrl: string, userId: number): Promise<MyGames> {
  const visibility = await gameVisibility(db);
  const [favorites, recent] = await Promise.all([
    favoriteRows(db, userId, visibility),
    recentRows(db, userId, visibility),
  ]);
  return { favorites: favorites.map((r) => toMyGame(r, gamesUrl)), recent: recent.map((r) => toMyGame(r, gamesUrl)) };
}
