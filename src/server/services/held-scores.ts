import { and, asc, eq, sql } from "drizzle-orm";
import type { HeldScoreRow } from "../../contract/admin/scores";
import type { Db, Tx } from "../db/client";
import { gamesTable, heldScoresTable, usersTable } from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { getScoreRules } from "./score-rules";
import { inOpenSeason, recordOnBoards } from "./scores";

/**
 * D108: the moderators' queue of scores far above their game's board (held by services/scores.ts).
 *
 * Contract: `listHeldScores` answers the pending ones, oldest first. `approveHeldScore` records the score as if it had
 * just arrived (its boards, totals, season and achievements; at the approval's time, in the open season) and answers
 * what recording it answered (for its notifications, which the caller sends); `rejectHeldScore` keeps it out for good (its play stays used). Either on a decided or unknown one is a
 * Conflict or NotFound, and nothing changes. Auditing is the admin routes'. No HTTP types.
 */

export const HELD_SCORE_LIST_LIMIT = 100;

export async function listHeldScores(db: Db): Promise<HeldScoreRow[]> {
  const rows = await db
    .select({
      id: heldScoresTable.id,
      score: heldScoresTable.score,
      won: heldScoresTable.won,
      reason: heldScoresTable.reason,
      boardTop: heldScoresTable.boardTop,
      createdAt: heldScoresTable.createdAt,
      userId: heldScoresTable.userId,
      username: usersTable.username,
      gameId: heldScoresTable.gameId,
      gameTitle: gamesTable.title,
      format: gamesTable.scoreFormat,
    })
    .from(heldScoresTable)
    .innerJoin(usersTable, eq(usersTable.id, heldScoresTable.userId))
    .innerJoin(gamesTable, eq(gamesTable.id, heldScoresTable.gameId))
    .where(eq(heldScoresTable.status, "pending"))
    .orderBy(asc(heldScoresTable.createdAt), asc(heldScoresTable.id))
    .limit(HELD_SCORE_LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    score: r.score,
    won: r.won,
    reason: r.reason as HeldScoreRow["reason"],
    boardTop: r.boardTop,
    createdAt: r.createdAt.toISOString(),
    user: { id: r.userId, username: r.username },
    game: { id: r.gameId, title: r.gameTitle, format: r.format },
  }));
}

type Decided = { id: number; userId: number; gameId: number; score: number };

/** Marks a pending held score decided (inside the caller's transaction); NotFound or Conflict otherwise. */
async function decide(tx: Tx, id: number, status: "approved" | "rejected", staffId: number, now: Date) {
  const [row] = await tx.select().from(heldScoresTable).where(eq(heldScoresTable.id, id)).for("update");
  if (!row) throw new NotFound("Held score not found");
  if (row.status !== "pending") throw new Conflict(`This score was already ${row.status}`);
  await tx
    .update(heldScoresTable)
    .set({ status, decidedAt: now, decidedBy: staffId })
    .where(and(eq(heldScoresTable.id, id), eq(heldScoresTable.status, "pending")));
  return row;
}

export async function approveHeldScore(
  db: Db,
  id: number,
  staffId: number,
  now = new Date(),
): Promise<Decided & { recorded: Awaited<ReturnType<typeof recordOnBoards>> }> {
  return inOpenSeason(db, now, async (tx, seasonId) => {
    const held = await decide(tx, id, "approved", staffId, now);
    const rules = await getScoreRules(tx, held.gameId);
    const recorded = await recordOnBoards(tx, seasonId, {
      userId: held.userId,
      gameId: held.gameId,
      playId: held.playId,
      score: held.score,
      won: held.won,
      rules,
      now,
    });
    await tx.execute(sql`update held_scores set score_id = ${recorded.scoreId} where id = ${id}`);
    return { id, userId: held.userId, gameId: held.gameId, score: held.score, recorded };
  });
}

export async function rejectHeldScore(db: Db, id: number, staffId: number, now = new Date()): Promise<Decided> {
  return db.transaction(async (tx) => {
    const held = await decide(tx, id, "rejected", staffId, now);
    return { id, userId: held.userId, gameId: held.gameId, score: held.score };
  });
}
