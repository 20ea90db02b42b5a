import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { SCORE_HELD_TEXTS, SCORE_RULE_MESSAGES } from "../../contract/games-constants";
import { repoRoot } from "../../test/paths";
import { newGame, play, score, startGameplay, submit, type Player } from "../../test/scores";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { syncBuiltinScoreRules } from "../db/builtin-games";
import {
  gameAchievementsTable,
  gamesTable,
  heldScoresTable,
  notificationsTable,
  playerStatsTable,
  playsTable,
} from "../db/schema";
import { UNLOCKS_PER_PLAY, UNLOCKS_PER_PLAY_MESSAGE } from "../services/game-achievements";
import { leaderboard } from "../services/leaderboard";
import { currentSeason } from "../services/seasons";

async function setRules(t: TestApp, gameId: number, rules: Partial<typeof gamesTable.$inferInsert>) {
  await t.database.db.update(gamesTable).set(rules).where(eq(gamesTable.id, gameId));
}

/** A play opened `openedAgoMs` before now whose gameplay started `startedAgoMs` before now (null: never reported). */
async function heldOpenPlay(t: TestApp, gameId: number, p: Player, openedAgoMs: number, startedAgoMs: number | null) {
  const playId = await play(t, gameId, p);
  const now = Date.now();
  await t.database.db
    .update(playsTable)
    .set({
      createdAt: new Date(now - openedAgoMs),
      gameplayStartedAt: startedAgoMs === null ? null : new Date(now - startedAgoMs),
    })
    .where(eq(playsTable.id, playId));
  return playId;
}

const totalOf = async (t: TestApp, p: Player) =>
  Number(
    (await t.database.db.select().from(playerStatsTable).where(eq(playerStatsTable.userId, p.user.id)))[0]
      ?.totalScore ?? 0,
  );
const boardOf = async (t: TestApp, gameId: number) =>
  (
    (await t.app.inject({ method: "GET", url: `/api/scores/game/${gameId}?limit=100` })).json() as Array<{
      user: { id: number };
      score: number;
    }>
  ).map((e) => [e.user.id, e.score]);

describeEachDatabase(
  "scores need rules (D108)",
  (t) => {
    it("a score of 1,000,000,000 is refused on Dungeon Dash, Asteroid Drift and Lane Racer (their maximum)", async () => {
      const p = await createUserWithSession(t());
      for (const slug of ["dungeon-dash", "asteroid-drift", "lane-racer"]) {
        const [g] = await t().database.db.select().from(gamesTable).where(eq(gamesTable.builtinSlug, slug));
        expect(g.maxScore, slug).not.toBeNull();
        const res = await submit(t(), p, {
          playId: await heldOpenPlay(t(), g.id, p, 60_000, 60_000),
          score: 1_000_000_000,
        });
        expect(res.statusCode, slug).toBe(400);
        expect(res.json().message).toBe(SCORE_RULE_MESSAGES.tooHigh(Number(g.maxScore), "points"));
      }
      expect(await totalOf(t(), p)).toBe(0);
    });

    it("every built-in game has a maximum, and an install without one gets it from game.json at start", async () => {
      const db = t().database.db;
      const builtins = await db.select().from(gamesTable).where(eq(gamesTable.builtinSlug, "lane-racer"));
      await setRules(t(), builtins[0].id, { maxScore: null });
      expect(await syncBuiltinScoreRules(db, path.join(repoRoot, "games"))).toBe(1);
      const all = await db.select({ slug: gamesTable.builtinSlug, maxScore: gamesTable.maxScore }).from(gamesTable);
      const missing = all.filter((g) => g.slug !== null && g.maxScore === null);
      expect(missing).toEqual([]);
      expect(all.find((g) => g.slug === "lane-racer")?.maxScore).toBe(500_000);
    });

    it("lower is better: 0 is refused, and a time under the shortest round too", async () => {
      const g = await newGame(t(), "Sprint", "puzzle", { maxScore: null });
      await setRules(t(), g.id, { scoreOrder: "asc", scoreFormat: "time_ms", minRoundMs: 5_000 });
      const p = await createUserWithSession(t());
      const zero = await submit(t(), p, { playId: await heldOpenPlay(t(), g.id, p, 60_000, 60_000), score: 0 });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().message).toBe(SCORE_RULE_MESSAGES.zeroTime);
      const short = await submit(t(), p, { playId: await heldOpenPlay(t(), g.id, p, 60_000, 60_000), score: 4_999 });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe(SCORE_RULE_MESSAGES.tooShort(5_000));
      expect(
        (await submit(t(), p, { playId: await heldOpenPlay(t(), g.id, p, 60_000, 60_000), score: 5_000 })).statusCode,
      ).toBe(201);
      // lower-is-better points too
      const golf = await newGame(t(), "Golf", "puzzle", { maxScore: 200 });
      await setRules(t(), golf.id, { scoreOrder: "asc" });
      const zeroStrokes = await submit(t(), p, { playId: await play(t(), golf.id, p), score: 0 });
      expect(zeroStrokes.json().message).toBe(SCORE_RULE_MESSAGES.zeroTime);
    });

    it("a play held open is measured from its gameplay start as the server recorded it, not from its opening", async () => {
      const g = await newGame(t(), "Held open");
      await setRules(t(), g.id, { minRoundMs: 30_000 });
      const p = await createUserWithSession(t());
      // opened ten minutes ago, the game reports its start now (through the game page, POST …/gameplay), scores at once
      const playId = await heldOpenPlay(t(), g.id, p, 600_000, null);
      await startGameplay(t(), g.id, playId, p);
      const soon = await submit(t(), p, { playId, score: 10 });
      expect(soon.statusCode).toBe(400);
      expect(soon.json().message).toBe(SCORE_RULE_MESSAGES.tooSoon(30_000));
      // a second start does not move the first
      await startGameplay(t(), g.id, playId, p);
      const [row] = await t().database.db.select().from(playsTable).where(eq(playsTable.id, playId));
      await t()
        .database.db.update(playsTable)
        .set({ gameplayStartedAt: new Date(row.gameplayStartedAt!.getTime() - 31_000) })
        .where(eq(playsTable.id, playId));
      await startGameplay(t(), g.id, playId, p);
      expect((await submit(t(), p, { playId, score: 10 })).statusCode).toBe(201);
      // a play that never reported a start has lasted 0 ms: a game with a shortest round refuses it
      const never = await submit(t(), p, { playId: await heldOpenPlay(t(), g.id, p, 600_000, null), score: 10 });
      expect(never.json().message).toBe(SCORE_RULE_MESSAGES.tooSoon(30_000));
      // a time game: a time longer than the gameplay has run is refused, however long ago the play opened
      const timed = await newGame(t(), "Held open time", "puzzle", { maxScore: null });
      await setRules(t(), timed.id, { scoreOrder: "asc", scoreFormat: "time_ms", minRoundMs: 1_000 });
      const forged = await submit(t(), p, {
        playId: await heldOpenPlay(t(), timed.id, p, 600_000, 5_000),
        score: 300_000,
      });
      expect(forged.json().message).toBe(SCORE_RULE_MESSAGES.longerThanPlay);
    });

    it("10x the board's top waits for a moderator: received (202), on no board or total until approved; rejected, never", async () => {
      const g = await newGame(t(), "Queue 10x");
      const [honest, cheat, other] = [
        await createUserWithSession(t()),
        await createUserWithSession(t()),
        await createUserWithSession(t()),
      ];
      await score(t(), honest, g.id, 100);
      const playId = await play(t(), g.id, cheat);
      const held = await submit(t(), cheat, { playId, score: 1_001 });
      expect(held.statusCode).toBe(202);
      expect(held.json()).toEqual({ score: 1_001, held: true, message: SCORE_HELD_TEXTS.message });
      expect((await submit(t(), cheat, { playId, score: 50 })).statusCode).toBe(409);
      expect(await boardOf(t(), g.id)).toEqual([[honest.user.id, 100]]);
      expect(await totalOf(t(), cheat)).toBe(0);
      const season = await currentSeason(t().database.db);
      expect(
        (await leaderboard(t().database.db, { seasonId: season.id, limit: 100 })).map((e) => e.user.id),
      ).not.toContain(cheat.user.id);
      // exactly 10x is not held
      expect((await submit(t(), other, { playId: await play(t(), g.id, other), score: 1_000 })).statusCode).toBe(201);

      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const as = (method: "GET" | "POST", url: string) => t().app.inject({ method, url, cookies: moderator.cookies });
      const queue = (await as("GET", "/api/admin/held-scores")).json();
      expect(queue).toEqual([
        expect.objectContaining({
          score: 1_001,
          reason: "ten_times_top",
          boardTop: 100,
          user: expect.objectContaining({ id: cheat.user.id }),
        }),
      ]);
      expect(
        (await t().app.inject({ method: "GET", url: "/api/admin/held-scores", cookies: honest.cookies })).statusCode,
      ).toBe(403);
      const approved = await as("POST", `/api/admin/held-scores/${queue[0].id}/approve`);
      expect(approved.json()).toEqual({ id: queue[0].id, status: "approved" });
      expect((await as("POST", `/api/admin/held-scores/${queue[0].id}/reject`)).statusCode).toBe(409);
      expect((await boardOf(t(), g.id))[0]).toEqual([cheat.user.id, 1_001]);
      expect(await totalOf(t(), cheat)).toBe(1_001);
      const admin = await createUserWithSession(t(), { role: "admin" });
      const audit = await t().app.inject({
        method: "GET",
        url: "/api/admin/audit?action=score.held_approved",
        cookies: admin.cookies,
      });
      expect(audit.json().items).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ id: moderator.user.id }),
          after: expect.objectContaining({ status: "approved" }),
        }),
      ]);

      // rejected: stays off, and its play sends no other score
      const rejectPlay = await play(t(), g.id, honest);
      expect((await submit(t(), honest, { playId: rejectPlay, score: 20_000 })).statusCode).toBe(202);
      const [pending] = (await as("GET", "/api/admin/held-scores")).json();
      expect((await as("POST", `/api/admin/held-scores/${pending.id}/reject`)).json()).toEqual({
        id: pending.id,
        status: "rejected",
      });
      expect((await submit(t(), honest, { playId: rejectPlay, score: 20_000 })).statusCode).toBe(409);
      expect(await boardOf(t(), g.id)).toEqual([
        [cheat.user.id, 1_001],
        [other.user.id, 1_000],
        [honest.user.id, 100],
      ]);
      expect(
        (await t().database.db.select().from(heldScoresTable).where(eq(heldScoresTable.id, pending.id)))[0],
      ).toMatchObject({
        status: "rejected",
        decidedBy: moderator.user.id,
      });
    });

    it("a player's own top does not raise the bar: steps of 10x over their last best still wait once far above everyone else", async () => {
      const g = await newGame(t(), "Queue ramp");
      const [honest, cheat] = [await createUserWithSession(t()), await createUserWithSession(t())];
      await score(t(), honest, g.id, 100);
      expect((await submit(t(), cheat, { playId: await play(t(), g.id, cheat), score: 1_000 })).statusCode).toBe(201);
      const ramped = await submit(t(), cheat, { playId: await play(t(), g.id, cheat), score: 9_000 });
      expect(ramped.statusCode).toBe(202);
      expect(await boardOf(t(), g.id)).toEqual([
        [cheat.user.id, 1_000],
        [honest.user.id, 100],
      ]);
    });

    it("approving a held score notifies as the score arriving now would; staff hear of held scores once per game and hour", async () => {
      const [g, other] = [await newGame(t(), "Queue notices"), await newGame(t(), "Queue notices too")];
      const [friend, cheat, cheat2, bystander] = [
        await createUserWithSession(t()),
        await createUserWithSession(t()),
        await createUserWithSession(t()),
        await createUserWithSession(t()),
      ];
      const [moderator, admin] = [
        await createUserWithSession(t(), { role: "moderator" }),
        await createUserWithSession(t(), { role: "admin" }),
      ];
      const call = (p: Player, method: "GET" | "POST", url: string) =>
        t().app.inject({ method, url, cookies: p.cookies });
      const notes = async (p: Player, kind: string) =>
        ((await call(p, "GET", "/api/notifications")).json().items as Array<{ kind: string }>).filter(
          (n) => n.kind === kind,
        );
      await call(friend, "POST", `/api/friends/${cheat.user.id}`);
      await call(cheat, "POST", `/api/friends/${friend.user.id}`);
      await score(t(), friend, g.id, 100);
      await score(t(), friend, other.id, 100);

      expect((await submit(t(), cheat, { playId: await play(t(), g.id, cheat), score: 1_001 })).statusCode).toBe(202);
      expect(await notes(friend, "score_beaten")).toEqual([]);
      expect(await notes(cheat, "achievement")).toEqual([]);
      const alert = expect.objectContaining({
        kind: "score_held",
        game: { id: g.id, title: "Queue notices" },
        link: "/cms/reports?status=scores",
      });
      expect(await notes(moderator, "score_held")).toEqual([alert]);
      expect(await notes(admin, "score_held")).toEqual([alert]);
      expect(await notes(bystander, "score_held")).toEqual([]);
      // a burst on one game is one alert; another game is another
      expect((await submit(t(), cheat2, { playId: await play(t(), g.id, cheat2), score: 2_000 })).statusCode).toBe(202);
      expect(await notes(moderator, "score_held")).toHaveLength(1);
      expect((await submit(t(), cheat, { playId: await play(t(), other.id, cheat), score: 5_000 })).statusCode).toBe(
        202,
      );
      expect(await notes(moderator, "score_held")).toHaveLength(2);
      // an hour later the same game alerts again
      await t()
        .database.db.update(notificationsTable)
        .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
        .where(eq(notificationsTable.kind, "score_held"));
      expect(
        (await submit(t(), bystander, { playId: await play(t(), g.id, bystander), score: 3_000 })).statusCode,
      ).toBe(202);
      expect(await notes(moderator, "score_held")).toHaveLength(3);

      const held = (await call(moderator, "GET", "/api/admin/held-scores")).json() as Array<{
        id: number;
        score: number;
        user: { id: number };
      }>;
      const first = held.find((h) => h.user.id === cheat.user.id && h.score === 1_001);
      expect(first).toBeDefined();
      expect((await call(moderator, "POST", `/api/admin/held-scores/${first!.id}/approve`)).statusCode).toBe(200);
      expect(await notes(friend, "score_beaten")).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ id: cheat.user.id }),
          game: { id: g.id, title: "Queue notices" },
          text: "1001",
        }),
      ]);
      expect((await notes(cheat, "achievement")).length).toBeGreaterThan(0);
    });

    it("a new top 3 on a board of 20+ players waits for a moderator; on a board of 19, or below the top 3, it does not", async () => {
      const g = await newGame(t(), "Queue top 3");
      const players: Player[] = [];
      for (let i = 0; i < 20; i++) players.push(await createUserWithSession(t()));
      for (let i = 0; i < 19; i++) await score(t(), players[i], g.id, 100 + i);
      // 19 players: a new top score is recorded
      const newcomer = await createUserWithSession(t());
      expect((await submit(t(), newcomer, { playId: await play(t(), g.id, newcomer), score: 200 })).statusCode).toBe(
        201,
      );
      // 20 players now: another new top 3 is held, a score under the top 3 is not
      const second = await submit(t(), players[19], { playId: await play(t(), g.id, players[19]), score: 150 });
      expect(second.statusCode).toBe(202);
      const late = await createUserWithSession(t());
      expect((await submit(t(), late, { playId: await play(t(), g.id, late), score: 110 })).statusCode).toBe(201);
      const [row] = await t()
        .database.db.select()
        .from(heldScoresTable)
        .where(eq(heldScoresTable.userId, players[19].user.id));
      expect(row).toMatchObject({ reason: "top_three", status: "pending", score: 150 });
      expect((await boardOf(t(), g.id)).slice(0, 3)).toEqual([
        [newcomer.user.id, 200],
        [players[18].user.id, 118],
        [players[17].user.id, 117],
      ]);
    });

    it("a game without a maximum keeps its own board but stays off the global and season totals", async () => {
      const db = t().database.db;
      const g = await newGame(t(), "No rules", "puzzle", { maxScore: null });
      const p = await createUserWithSession(t());
      await score(t(), p, g.id, 5_000);
      expect(await boardOf(t(), g.id)).toEqual([[p.user.id, 5_000]]);
      expect(await totalOf(t(), p)).toBe(0);
      const season = await currentSeason(db);
      const seasonRow = (await leaderboard(db, { seasonId: season.id, limit: 100 })).find(
        (e) => e.user.id === p.user.id,
      );
      expect(seasonRow?.totalScore ?? 0).toBe(0);
      const global = (await t().app.inject({ method: "GET", url: "/api/leaderboard?limit=100" })).json() as Array<{
        user: { id: number };
        totalScore: number;
      }>;
      expect(global.find((e) => e.user.id === p.user.id)?.totalScore ?? 0).toBe(0);
      // with a maximum set in the CMS, the game counts: the totals follow
      const admin = await createUserWithSession(t(), { role: "admin" });
      const patch = await t().app.inject({
        method: "PATCH",
        url: `/api/admin/games/${g.id}`,
        cookies: admin.cookies,
        payload: { scoreRules: { maxScore: 10_000 } },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(await totalOf(t(), p)).toBe(5_000);
    });

    it(`one play unlocks at most ${UNLOCKS_PER_PLAY} achievements; the next play may unlock more`, async () => {
      const g = await newGame(t(), "Many achievements");
      const keys = Array.from({ length: UNLOCKS_PER_PLAY + 2 }, (_, i) => `a${i}`);
      await t()
        .database.db.insert(gameAchievementsTable)
        .values(keys.map((key, i) => ({ gameId: g.id, key, title: key, sortOrder: i })));
      const p = await createUserWithSession(t());
      const unlock = (key: string, playId: string) =>
        t().app.inject({
          method: "POST",
          url: `/api/games/${g.id}/achievements/unlock`,
          cookies: p.cookies,
          payload: { key, playId },
        });
      const playId = await play(t(), g.id, p);
      for (const key of keys.slice(0, UNLOCKS_PER_PLAY))
        expect((await unlock(key, playId)).json()).toEqual({ unlocked: true });
      const refused = await unlock(keys[UNLOCKS_PER_PLAY], playId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(UNLOCKS_PER_PLAY_MESSAGE);
      // one already unlocked is still no news, not an error
      expect((await unlock(keys[0], playId)).json()).toEqual({ unlocked: false });
      const next = await play(t(), g.id, p);
      expect((await unlock(keys[UNLOCKS_PER_PLAY], next)).json()).toEqual({ unlocked: true });
    });
  },
  { demo: false },
);
