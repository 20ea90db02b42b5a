import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AdminScoreRow } from "../../contract/admin/scores";
import type { Db } from "../db/client";
import { bestScoresTable, gamesTable, scoresTable, usersTable } from "../db/schema";
import { NotFound } from "../errors";
import { rebuildBestScores, recomputeTotals } from "./score-rules";
import { rebuildSeasonBoards } from "./seasons";
import { rebuildAchievements } from "./site-achievements";

/**
 * D93: score moderation. An admin removes one score or resets a player on a game (every score of theirs there);
 * the player's best on the game is chosen again from what is left, their totals recomputed, and the
 * achievements that scores earn are evaluated again over the data as it now stands: the player's are taken back
 * and given again where still met, and one now deserved by someone else (the game's new "champion") is given
 * (`rebuildAchievements` limited to the player, the game's champion and the weekly top ten; idempotent). Hiding a player from every
 * board is the users' `hiddenFromBoards` switch (services/users.ts). Auditing is the admin routes'.
 * No HTTP types here.
 */

/** The achievements scores earn (D25); the others (a review's "critic") are not touched here. */
const SCORE_ACHIEVEMENTS = [
  "first_score",
  "first_victory",
  "high_roller",
  "dedicated_player",
  "hat_trick",
  "game_explorer",
  "all_rounder",
  "champion",
  "rising_star",
];

/** D93: the newest scores, of a game and/or a player, for the CMS. */
export async function listScoresForAdmin(
  db: Db,
  q: { gameId?: number; userId?: number; limit: number },
): Promise<AdminScoreRow[]> {
  const where: SQL[] = [];
  if (q.gameId !== undefined) where.push(eq(scoresTable.gameId, q.gameId));
  if (q.userId !== undefined) where.push(eq(scoresTable.userId, q.userId));
  const rows = await db
    .select({
      id: scoresTable.id,
      score: scoresTable.score,
      won: scoresTable.won,
      createdAt: scoresTable.createdAt,
      gameId: gamesTable.id,
      title: gamesTable.title,
      format: gamesTable.scoreFormat,
      userId: usersTable.id,
      username: usersTable.username,
      hiddenAt: usersTable.boardsHiddenAt,
      bestId: bestScoresTable.scoreId,
    })
    .from(scoresTable)
    .innerJoin(gamesTable, eq(gamesTable.id, scoresTable.gameId))
    .innerJoin(usersTable, eq(usersTable.id, scoresTable.userId))
    .leftJoin(
      bestScoresTable,
      and(eq(bestScoresTable.userId, scoresTable.userId), eq(bestScoresTable.gameId, scoresTable.gameId)),
    )
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(scoresTable.createdAt), desc(scoresTable.id))
    .limit(q.limit);
  return rows.map((r) => ({
    id: r.id,
    score: Number(r.score),
    won: r.won,
    createdAt: r.createdAt.toISOString(),
    isBest: r.bestId === r.id,
    game: { id: r.gameId, title: r.title, format: r.format },
    user: { id: r.userId, username: r.username, hiddenFromBoards: r.hiddenAt !== null },
  }));
}

type Removed = { userId: number; gameId: number; removed: Array<{ id: number; score: number; createdAt: string }> };

/** After scores of a player on a game are gone: their best there, their totals, and the score achievements again. */
async function recompute(db: Db, userId: number, gameId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select user_id from player_stats where user_id = ${userId} for update`);
    await rebuildBestScores(tx, gameId, userId);
    await recomputeTotals(tx, [userId]);
    await rebuildSeasonBoards(tx, { userIds: [userId] });
    await tx.execute(
      sql`delete from user_achievements where user_id = ${userId} and achievement in ${sql`(${sql.join(
        SCORE_ACHIEVEMENTS.map((a) => sql`${a}`),
        sql`, `,
      )})`}`,
    );
  });
  await rebuildAchievements(db, { userIds: [userId], gameId });
}

/** D93: `DELETE /api/admin/scores/{id}`. */
export async function removeScore(db: Db, scoreId: number): Promise<Removed> {
  const [row] = await db.delete(scoresTable).where(eq(scoresTable.id, scoreId)).returning();
  if (!row) throw new NotFound("Score not found");
  if (row.userId === null) return { userId: 0, gameId: row.gameId, removed: [] };
  await recompute(db, row.userId, row.gameId);
  return {
    userId: row.userId,
    gameId: row.gameId,
    removed: [{ id: row.id, score: Number(row.score), createdAt: row.createdAt.toISOString() }],
  };
}

/** D93: every score of a player on a game removed ("reset a player on a game"). */
export async function resetPlayerOnGame(db: Db, userId: number, gameId: number): Promise<Removed> {
  const rows = await db
    .delete(scoresTable)
    .where(and(eq(scoresTable.userId, userId), eq(scoresTable.gameId, gameId)))
    .returning();
  if (rows.length) await recompute(db, userId, gameId);
  return {
    userId,
    gameId,
    removed: rows.map((r) => ({ id: r.id, score: Number(r.score), createdAt: r.createdAt.toISOString() })),
  };
}
