import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { categoriesTable, gamesTable, playsTable } from "../db/schema";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { resetRateLimit } from "../services/rate-limit";

type Player = Awaited<ReturnType<typeof createUserWithSession>>;

async function newGame(t: TestApp, title: string, slug = "puzzle") {
  const [cat] = await t.database.db.select().from(categoriesTable).where(eq(categoriesTable.slug, slug));
  const [g] = await t.database.db.insert(gamesTable).values({ title, description: "d", categoryId: cat.id }).returning();
  return g;
}

async function play(t: TestApp, gameId: number, p?: Player): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: `/api/games/${gameId}/play`, cookies: p?.cookies });
  expect(res.statusCode).toBe(200);
  return res.json().playId;
}

async function submit(t: TestApp, p: Player | undefined, body: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/scores", cookies: p?.cookies, payload: body });
}

/** Plays and scores in one go; returns the response body. */
async function score(t: TestApp, p: Player, gameId: number, value: number, won?: boolean) {
  const playId = await play(t, gameId, p);
  const res = await submit(t, p, { playId, score: value, ...(won === undefined ? {} : { won }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describeEachDatabase("scores API (D21, D23)", (t) => {
  it("needs a session (401)", async () => {
    const g = await newGame(t(), "S1");
    const playId = await play(t(), g.id);
    expect((await submit(t(), undefined, { playId, score: 10 })).statusCode).toBe(401);
  });

  it("refuses another player's play (403) and an anonymous play (403)", async () => {
    const g = await newGame(t(), "S2");
    const a = await createUserWithSession(t());
    const b = await createUserWithSession(t());
    const playId = await play(t(), g.id, a);
    expect((await submit(t(), b, { playId, score: 10 })).statusCode).toBe(403);
    const anonymous = await play(t(), g.id);
    expect((await submit(t(), b, { playId: anonymous, score: 10 })).statusCode).toBe(403);
  });

  it("refuses an unknown or expired play (400)", async () => {
    const g = await newGame(t(), "S3");
    const a = await createUserWithSession(t());
    expect((await submit(t(), a, { playId: "00000000-0000-4000-8000-000000000000", score: 1 })).statusCode).toBe(400);
    expect((await submit(t(), a, { playId: "not-a-uuid", score: 1 })).statusCode).toBe(400);
    const playId = await play(t(), g.id, a);
    await t().database.db.update(playsTable).set({ createdAt: new Date(Date.now() - 6 * 60 * 60 * 1000 - 1000) }).where(eq(playsTable.id, playId));
    const expired = await submit(t(), a, { playId, score: 1 });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
  });

  it("takes at most one score per play (409)", async () => {
    const g = await newGame(t(), "S4");
    const a = await createUserWithSession(t());
    const playId = await play(t(), g.id, a);
    expect((await submit(t(), a, { playId, score: 5 })).statusCode).toBe(201);
    expect((await submit(t(), a, { playId, score: 500 })).statusCode).toBe(409);
    // Concurrent duplicates: exactly one wins.
    const p2 = await play(t(), g.id, a);
    const results = await Promise.all([1, 2, 3].map((n) => submit(t(), a, { playId: p2, score: n })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it.each([[-1], [1.5], [1_000_000_001], ["100"], [null], [Number.MAX_SAFE_INTEGER]])("refuses the score %j (400)", async (value) => {
    const g = await newGame(t(), `Bad ${String(value)}`);
    const a = await createUserWithSession(t());
    const playId = await play(t(), g.id, a);
    expect((await submit(t(), a, { playId, score: value })).statusCode).toBe(400);
  });

  it("reports personal bests and the rank on the game's board", async () => {
    const g = await newGame(t(), "S5");
    const a = await createUserWithSession(t());
    const b = await createUserWithSession(t());
    expect(await score(t(), a, g.id, 100)).toEqual({ score: 100, personalBest: true, rank: 1 });
    expect(await score(t(), b, g.id, 300)).toEqual({ score: 300, personalBest: true, rank: 1 });
    expect(await score(t(), a, g.id, 50)).toEqual({ score: 50, personalBest: false, rank: 2 });
    expect(await score(t(), a, g.id, 300)).toEqual({ score: 300, personalBest: true, rank: 2 }); // tie: b was first
    expect(await score(t(), a, g.id, 301)).toEqual({ score: 301, personalBest: true, rank: 1 });
  });

  it("GET /api/scores/game/{id} lists each player's best, highest first, ties earlier first", async () => {
    const g = await newGame(t(), "S6");
    const [a, b, c] = [await createUserWithSession(t()), await createUserWithSession(t()), await createUserWithSession(t())];
    await score(t(), a, g.id, 70);
    await score(t(), b, g.id, 90);
    await score(t(), a, g.id, 90);
    await score(t(), c, g.id, 10);
    await score(t(), a, g.id, 20);
    const list = (await t().app.inject({ method: "GET", url: `/api/scores/game/${g.id}` })).json();
    expect(list.map((e: { user: { id: number }; score: number }) => [e.user.id, e.score])).toEqual([
      [b.user.id, 90],
      [a.user.id, 90],
      [c.user.id, 10],
    ]);
    expect(Object.keys(list[0].user).sort()).toEqual(["avatarUrl", "id", "username"]);
    const limited = (await t().app.inject({ method: "GET", url: `/api/scores/game/${g.id}?limit=1` })).json();
    expect(limited).toHaveLength(1);
    expect((await t().app.inject({ method: "GET", url: "/api/scores/game/987654" })).statusCode).toBe(404);
  });
}, { demo: false });

describeEachDatabase("leaderboards (D24)", (t) => {
  it("sums per-game bests, counts scores and rounds the win rate", async () => {
    const g1 = await newGame(t(), "L1");
    const g2 = await newGame(t(), "L2");
    const a = await createUserWithSession(t(), { username: "alice_lb" });
    const b = await createUserWithSession(t(), { username: "bob_lb" });
    await score(t(), a, g1.id, 100, true);
    await score(t(), a, g1.id, 40, false);
    await score(t(), a, g2.id, 60, false);
    await score(t(), a, g2.id, 10); // no `won`: not in the win-rate denominator
    await score(t(), b, g1.id, 150, true);
    for (const period of ["all", "week"]) {
      const board = (await t().app.inject({ method: "GET", url: `/api/leaderboard?period=${period}` })).json();
      expect(board.map((e: { user: { username: string }; totalScore: number; gamesPlayed: number; winRate: number; rank: number }) => [e.rank, e.user.username, e.totalScore, e.gamesPlayed, e.winRate])).toEqual([
        [1, "alice_lb", 160, 4, 33],
        [2, "bob_lb", 150, 1, 100],
      ]);
    }
  });

  it("breaks ties by who reached the total first, and a search keeps global ranks", async () => {
    const g = await newGame(t(), "L3");
    const c = await createUserWithSession(t(), { username: "carol_lb" });
    const d = await createUserWithSession(t(), { username: "dave_lb" });
    await score(t(), c, g.id, 150);
    await score(t(), d, g.id, 150);
    const board = (await t().app.inject({ method: "GET", url: "/api/leaderboard" })).json();
    const names = board.map((e: { user: { username: string } }) => e.user.username);
    expect(names.indexOf("bob_lb")).toBeLessThan(names.indexOf("carol_lb"));
    expect(names.indexOf("carol_lb")).toBeLessThan(names.indexOf("dave_lb"));
    const found = (await t().app.inject({ method: "GET", url: "/api/leaderboard?search=DAVE" })).json();
    expect(found).toHaveLength(1);
    expect(found[0].rank).toBe(names.indexOf("dave_lb") + 1);
    expect((await t().app.inject({ method: "GET", url: "/api/leaderboard?search=100%25" })).json()).toEqual([]);
    expect((await t().app.inject({ method: "GET", url: "/api/leaderboard?limit=2" })).json()).toHaveLength(2);
    expect((await t().app.inject({ method: "GET", url: "/api/leaderboard?period=month" })).statusCode).toBe(400);
  });

  it("deleting a game removes its scores from the totals (aggregates rebuilt, cache cleared)", async () => {
    const g = await newGame(t(), "Doomed");
    const p = await createUserWithSession(t(), { username: "frank_doomed" });
    const keep = await newGame(t(), "Kept");
    await score(t(), p, keep.id, 7);
    await score(t(), p, g.id, 900_000);
    const before = (await t().app.inject({ method: "GET", url: "/api/leaderboard" })).json();
    expect(before.find((e: { user: { id: number } }) => e.user.id === p.user.id).totalScore).toBe(900_007);
    const admin = await createUserWithSession(t(), { role: "admin" });
    expect((await t().app.inject({ method: "DELETE", url: `/api/admin/games/${g.id}`, cookies: admin.cookies })).statusCode).toBe(204);
    const after = (await t().app.inject({ method: "GET", url: "/api/leaderboard" })).json();
    expect(after.find((e: { user: { id: number } }) => e.user.id === p.user.id)).toMatchObject({ totalScore: 7, gamesPlayed: 1 });
  });

  it("the week counts only the last 7 days", async () => {
    const g = await newGame(t(), "L4");
    const e = await createUserWithSession(t(), { username: "erin_old" });
    await score(t(), e, g.id, 5000);
    await t().database.db.execute(sql`update scores set created_at = now() - interval '8 days' where user_id = ${e.user.id}`);
    const week = (await t().app.inject({ method: "GET", url: "/api/leaderboard?period=week" })).json();
    expect(week.find((x: { user: { id: number } }) => x.user.id === e.user.id)).toBeUndefined();
    const all = (await t().app.inject({ method: "GET", url: "/api/leaderboard?period=all" })).json();
    expect(all[0].user.id).toBe(e.user.id);
  });

  it("the profile carries rank and totals", async () => {
    const board = (await t().app.inject({ method: "GET", url: "/api/leaderboard" })).json();
    const second = board[1];
    const profile = (await t().app.inject({ method: "GET", url: `/api/users/${second.user.id}` })).json();
    expect(profile).toMatchObject({ id: second.user.id, rank: 2, totalScore: second.totalScore, gamesPlayed: second.gamesPlayed, winRate: second.winRate });
    expect(profile).not.toHaveProperty("email");
    expect(profile).not.toHaveProperty("role");
    const nobody = await createUserWithSession(t());
    expect((await t().app.inject({ method: "GET", url: `/api/users/${nobody.user.id}` })).json()).toMatchObject({ rank: null, totalScore: 0, gamesPlayed: 0, winRate: 0 });
    expect((await t().app.inject({ method: "GET", url: "/api/users/987654" })).statusCode).toBe(404);
  });
}, { demo: false });

describeEachDatabase("achievements and profile stats (D25)", (t) => {
  const unlocked = async (userId: number) => {
    const stats = (await t().app.inject({ method: "GET", url: `/api/users/${userId}/stats` })).json();
    return { stats, ids: stats.achievements.filter((a: { unlockedAt: string | null }) => a.unlockedAt).map((a: { id: string }) => a.id).sort() };
  };

  it("unlock on the right events and are counted", async () => {
    const a = await createUserWithSession(t());
    const rival = await createUserWithSession(t());
    const games = [];
    for (const slug of ["action", "adventure", "puzzle", "strategy", "racing", "sports"]) games.push(await newGame(t(), `A-${slug}`, slug));
    await score(t(), rival, games[0].id, 999);
    await score(t(), a, games[0].id, 10, false);
    let now = await unlocked(a.user.id);
    expect(now.ids).toEqual(["first_score", "rising_star"]);
    expect(now.stats.totalAchievements).toBe(10);
    expect(now.stats.achievements).toHaveLength(10);

    await score(t(), a, games[1].id, 20, true);
    expect((await unlocked(a.user.id)).ids).toContain("first_victory");
    expect((await unlocked(a.user.id)).ids).toContain("champion"); // #1 on games[1]
    await score(t(), a, games[2].id, 12_000, true);
    now = await unlocked(a.user.id);
    expect(now.ids).toContain("high_roller");
    expect(now.ids).not.toContain("hat_trick");
    await score(t(), a, games[3].id, 30, true);
    now = await unlocked(a.user.id);
    expect(now.ids).toContain("hat_trick");
    expect(now.ids).not.toContain("game_explorer");
    await score(t(), a, games[4].id, 30);
    now = await unlocked(a.user.id);
    expect(now.ids).toContain("game_explorer");
    expect(now.ids).not.toContain("all_rounder");
    await score(t(), a, games[5].id, 30);
    now = await unlocked(a.user.id);
    expect(now.ids).toContain("all_rounder");
    expect(now.ids).not.toContain("critic");
    await t().app.inject({ method: "POST", url: "/api/reviews", cookies: a.cookies, payload: { gameId: games[0].id, rating: 4 } });
    now = await unlocked(a.user.id);
    expect(now.ids).toContain("critic");
    expect(now.ids).not.toContain("dedicated_player");
    expect(now.stats.unlockedCount).toBe(now.ids.length);
    expect(now.stats.unlockedCount).toBe(9);
  });

  it("Dedicated Player after 50 scores", async () => {
    const p = await createUserWithSession(t());
    const g = await newGame(t(), "Grind");
    for (let i = 0; i < 50; i++) {
      // The per-player limit (30 a minute) is tested on its own below.
      if (i % 25 === 0) await resetRateLimit(t().database.db, `score:${p.user.id}`);
      await score(t(), p, g.id, i);
    }
    expect((await unlocked(p.user.id)).ids).toContain("dedicated_player");
  });

  it("limits scores to 30 a minute per player (429 + Retry-After)", async () => {
    const p = await createUserWithSession(t());
    const g = await newGame(t(), "Spam");
    for (let i = 0; i < 30; i++) await score(t(), p, g.id, i);
    const playId = await play(t(), g.id, p);
    const res = await submit(t(), p, { playId, score: 1 });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("lists per-game bests with real last-played dates and category shares from plays", async () => {
    const p = await createUserWithSession(t());
    const action = await newGame(t(), "Stats Action", "action");
    const puzzle = await newGame(t(), "Stats Puzzle", "puzzle");
    await score(t(), p, action.id, 5);
    await score(t(), p, action.id, 50);
    await score(t(), p, puzzle.id, 7);
    await play(t(), action.id, p); // a play without a score still counts for the categories
    const { stats } = await unlocked(p.user.id);
    expect(stats.games.map((g: { title: string; bestScore: number; scores: number }) => [g.title, g.bestScore, g.scores])).toEqual([
      ["Stats Puzzle", 7, 1],
      ["Stats Action", 50, 2],
    ]);
    expect(new Date(stats.games[0].lastPlayedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(stats.categories).toEqual([
      { slug: "action", name: "Action", plays: 3, share: 75 },
      { slug: "puzzle", name: "Puzzle", plays: 1, share: 25 },
    ]);
  });
}, { demo: false });
