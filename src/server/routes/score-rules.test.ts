import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatScore, formatTimeMs, SCORE_RULE_MESSAGES } from "../../contract/games-constants";
import { newGame, play, submit, type Player } from "../../test/scores";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { bestScoresTable, gamesTable, playerStatsTable, playsTable } from "../db/schema";
import { parseManifestScoreRules } from "../services/score-rules";
import { TIME_SLACK_MS } from "../services/scores";

/** A play that started `agoMs` before now (the rules are checked against the play's start). */
async function playStarted(t: TestApp, gameId: number, p: Player, agoMs: number): Promise<string> {
  const playId = await play(t, gameId, p);
  await t.database.db
    .update(playsTable)
    .set({ createdAt: new Date(Date.now() - agoMs), gameplayStartedAt: new Date(Date.now() - agoMs) })
    .where(eq(playsTable.id, playId));
  return playId;
}

async function setRules(t: TestApp, gameId: number, rules: Partial<typeof gamesTable.$inferInsert>) {
  await t.database.db.update(gamesTable).set(rules).where(eq(gamesTable.id, gameId));
}

describe("score formats (D90)", () => {
  it("a time reads m:ss.mmm, from an hour h:mm:ss.mmm; points get thousands separators", () => {
    expect(formatTimeMs(62_345)).toBe("1:02.345");
    expect(formatTimeMs(5)).toBe("0:00.005");
    expect(formatTimeMs(3_723_004)).toBe("1:02:03.004");
    expect(formatScore(1234567, "points")).toBe("1,234,567");
    expect(formatScore(999, "points")).toBe("999");
    expect(formatScore(62_345, "time_ms")).toBe("1:02.345");
  });

  it("game.json's scores object: read when right, refused with the rule's message when wrong, ignored when absent", () => {
    expect(parseManifestScoreRules({ order: "asc", format: "time_ms", maxScore: 600000, minRoundMs: 3000 })).toEqual({
      order: "asc",
      format: "time_ms",
      maxScore: 600000,
      minRoundMs: 3000,
    });
    expect(parseManifestScoreRules(undefined)).toBeUndefined();
    expect(() => parseManifestScoreRules({ order: "up" })).toThrow(/game.json scores: Order must be/);
    expect(() => parseManifestScoreRules({ maxScore: -1 })).toThrow(/maxScore must be at least 1/);
    expect(() => parseManifestScoreRules({ bogus: true })).toThrow(/game.json scores/);
  });
});

describeEachDatabase(
  "score rules per game (D90, D101)",
  (t) => {
    it("maxScore: a score above it is 400 naming the rule; at it, accepted", async () => {
      const g = await newGame(t(), "Max rule");
      await setRules(t(), g.id, { maxScore: 5000 });
      const p = await createUserWithSession(t());
      const over = await submit(t(), p, { playId: await play(t(), g.id, p), score: 5001 });
      expect(over.statusCode).toBe(400);
      expect(over.json().message).toBe(SCORE_RULE_MESSAGES.tooHigh(5000, "points"));
      expect(over.json().message).toContain("maxScore");
      expect((await submit(t(), p, { playId: await play(t(), g.id, p), score: 5000 })).statusCode).toBe(201);
    });

    it("minRoundMs: a score sooner than that after the play started is 400; later, accepted", async () => {
      const g = await newGame(t(), "Min round rule");
      await setRules(t(), g.id, { minRoundMs: 30_000 });
      const p = await createUserWithSession(t());
      const soon = await submit(t(), p, { playId: await playStarted(t(), g.id, p, 5_000), score: 10 });
      expect(soon.statusCode).toBe(400);
      expect(soon.json().message).toBe(SCORE_RULE_MESSAGES.tooSoon(30_000));
      // the refused play may still send a score later: nothing was stored for it
      expect((await submit(t(), p, { playId: await playStarted(t(), g.id, p, 31_000), score: 10 })).statusCode).toBe(
        201,
      );
    });

    it("time_ms: a time longer than the play has lasted is 400 (a forged time); within the slack, accepted", async () => {
      const g = await newGame(t(), "Time rule");
      await setRules(t(), g.id, { scoreOrder: "asc", scoreFormat: "time_ms" });
      const p = await createUserWithSession(t());
      const forged = await submit(t(), p, { playId: await playStarted(t(), g.id, p, 10_000), score: 62_345 });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe(SCORE_RULE_MESSAGES.longerThanPlay);
      const fine = await submit(t(), p, {
        playId: await playStarted(t(), g.id, p, 62_345 - TIME_SLACK_MS / 2),
        score: 62_345,
      });
      expect(fine.statusCode, fine.body).toBe(201);
    });

    it("asc: the lowest time is best on the game's board and in personal bests, and a time never adds to the total", async () => {
      const g = await newGame(t(), "Race times", "puzzle", { maxScore: null });
      await setRules(t(), g.id, { scoreOrder: "asc", scoreFormat: "time_ms" });
      const [a, b] = [await createUserWithSession(t()), await createUserWithSession(t())];
      const post = async (p: Player, ms: number) => {
        const res = await submit(t(), p, { playId: await playStarted(t(), g.id, p, ms + 5_000), score: ms });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as { personalBest: boolean; rank: number };
      };
      expect(await post(a, 62_000)).toMatchObject({ personalBest: true, rank: 1 });
      expect(await post(b, 50_000)).toMatchObject({ personalBest: true, rank: 1 });
      expect(await post(a, 70_000)).toMatchObject({ personalBest: false, rank: 2 });
      expect(await post(a, 55_000)).toMatchObject({ personalBest: true, rank: 2 });

      const board = (await t().app.inject({ method: "GET", url: `/api/scores/game/${g.id}` })).json() as Array<{
        score: number;
        user: { id: number };
      }>;
      expect(board.map((e) => [e.user.id, e.score])).toEqual([
        [b.user.id, 50_000],
        [a.user.id, 55_000],
      ]);
      const [stats] = await t()
        .database.db.select()
        .from(playerStatsTable)
        .where(eq(playerStatsTable.userId, a.user.id));
      expect(stats).toMatchObject({ totalScore: 0, gamesPlayed: 3 });
      const week = (
        await t().app.inject({ method: "GET", url: `/api/leaderboard?period=week&search=${a.user.username}` })
      ).json();
      expect(week).toEqual([expect.objectContaining({ totalScore: 0, gamesPlayed: 3 })]);
      const game = (await t().app.inject({ method: "GET", url: `/api/games/${g.id}` })).json();
      expect(game.scoreRules).toEqual({ order: "asc", format: "time_ms", maxScore: null, minRoundMs: null });
    });

    it("an admin's change of order re-ranks the game's bests and the totals (PATCH scoreRules); a bad rule is 400", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const g = await newGame(t(), "Rules change");
      const p = await createUserWithSession(t());
      for (const value of [300, 100, 200]) {
        expect((await submit(t(), p, { playId: await play(t(), g.id, p), score: value })).statusCode).toBe(201);
      }
      const total = async () =>
        (await t().database.db.select().from(playerStatsTable).where(eq(playerStatsTable.userId, p.user.id)))[0]
          .totalScore;
      const best = async () =>
        (await t().database.db.select().from(bestScoresTable).where(eq(bestScoresTable.gameId, g.id)))[0].score;
      expect([await best(), await total()]).toEqual([300, 300]);

      const patch = (scoreRules: unknown) =>
        t().app.inject({
          method: "PATCH",
          url: `/api/admin/games/${g.id}`,
          cookies: admin.cookies,
          payload: { scoreRules },
        });
      expect((await patch({ order: "sideways" })).statusCode).toBe(400);
      const res = await patch({ order: "asc", minRoundMs: 1000 });
      expect(res.statusCode, res.body).toBe(200);
      expect([await best(), await total()]).toEqual([100, 0]);
      expect((await patch({ order: "desc", minRoundMs: null })).statusCode).toBe(200);
      expect([await best(), await total()]).toEqual([300, 300]);
      const [row] = await t().database.db.select().from(gamesTable).where(eq(gamesTable.id, g.id));
      expect(row).toMatchObject({ scoreOrder: "desc", minRoundMs: null });
    });
  },
  { demo: false },
);
