import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { heldScoresTable } from "../server/db/schema";
import { approveHeldScore } from "../server/services/held-scores";
import { insertGame } from "./factories";
import type { createUserWithSession, TestApp } from "./test-app";

/** Helpers of the score, leaderboard and profile tests: a game, a play session, a score (D21). */
export type Player = Awaited<ReturnType<typeof createUserWithSession>>;

/** A game with a maximum score (D108: it counts towards the totals); `maxScore: null` makes one without rules. */
export async function newGame(t: TestApp, title: string, slug = "puzzle", rules: { maxScore?: number | null } = {}) {
  return insertGame(t, {
    title,
    category: slug,
    maxScore: rules.maxScore === undefined ? 1_000_000_000 : rules.maxScore,
  });
}

export async function play(t: TestApp, gameId: number, p?: Player): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: `/api/games/${gameId}/play`, cookies: p?.cookies });
  expect(res.statusCode).toBe(200);
  return res.json().playId;
}

/** D108: the play reports its gameplay start, as a game's SDK does through the game page. */
export async function startGameplay(t: TestApp, gameId: number, playId: string, p: Player) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/games/${gameId}/plays/${playId}/gameplay`,
    cookies: p.cookies,
    payload: { state: "start" },
  });
  expect(res.statusCode, res.body).toBe(204);
}

export async function submit(t: TestApp, p: Player | undefined, body: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/scores", cookies: p?.cookies, payload: body });
}

/** Plays and scores in one go; returns the response body. */
export async function score(t: TestApp, p: Player, gameId: number, value: number, won?: boolean) {
  const playId = await play(t, gameId, p);
  const res = await submit(t, p, { playId, score: value, ...(won === undefined ? {} : { won }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A score as `score` does, approved at once when it is held for a moderator: for tests of what boards do with any values. */
export async function scoreApproved(t: TestApp, p: Player, gameId: number, value: number) {
  const playId = await play(t, gameId, p);
  const res = await submit(t, p, { playId, score: value });
  expect([201, 202], res.body).toContain(res.statusCode);
  if (res.statusCode === 201) return;
  const [held] = await t.database.db.select().from(heldScoresTable).where(eq(heldScoresTable.playId, playId));
  await approveHeldScore(t.database.db, held.id, p.user.id);
}
