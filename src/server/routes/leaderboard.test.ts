import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { newGame, score } from "../../test/scores";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { gameRanks } from "../services/leaderboard";
import { rebuildSeasonBoards } from "../services/seasons";

describeEachDatabase(
  "leaderboards (D24)",
  (t) => {
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
        expect(
          board.map(
            (e: {
              user: { username: string };
              totalScore: number;
              gamesPlayed: number;
              winRate: number;
              rank: number;
            }) => [e.rank, e.user.username, e.totalScore, e.gamesPlayed, e.winRate],
          ),
        ).toEqual([
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
      expect(
        (await t().app.inject({ method: "DELETE", url: `/api/admin/games/${g.id}`, cookies: admin.cookies }))
          .statusCode,
      ).toBe(204);
      const after = (await t().app.inject({ method: "GET", url: "/api/leaderboard" })).json();
      expect(after.find((e: { user: { id: number } }) => e.user.id === p.user.id)).toMatchObject({
        totalScore: 7,
        gamesPlayed: 1,
      });
    });

    it("the week is the open season (D91): a score made before it began is not on it, the all-time board keeps it", async () => {
      const g = await newGame(t(), "L4");
      const e = await createUserWithSession(t(), { username: "erin_old" });
      await score(t(), e, g.id, 5000);
      await t().database.db.execute(
        sql`update scores set created_at = now() - interval '40 days' where user_id = ${e.user.id}`,
      );
      await rebuildSeasonBoards(t().database.db);
      const week = (await t().app.inject({ method: "GET", url: "/api/leaderboard?period=week" })).json();
      expect(week.find((x: { user: { id: number } }) => x.user.id === e.user.id)).toBeUndefined();
      const all = (await t().app.inject({ method: "GET", url: "/api/leaderboard?period=all" })).json();
      expect(all[0].user.id).toBe(e.user.id);
    });

    it("the profile carries rank and totals", async () => {
      const board = (await t().app.inject({ method: "GET", url: "/api/leaderboard" })).json();
      const second = board[1];
      const profile = (await t().app.inject({ method: "GET", url: `/api/users/${second.user.id}` })).json();
      expect(profile).toMatchObject({
        id: second.user.id,
        rank: 2,
        totalScore: second.totalScore,
        gamesPlayed: second.gamesPlayed,
        winRate: second.winRate,
      });
      expect(profile).not.toHaveProperty("email");
      expect(profile).not.toHaveProperty("role");
      const nobody = await createUserWithSession(t());
      expect((await t().app.inject({ method: "GET", url: `/api/users/${nobody.user.id}` })).json()).toMatchObject({
        rank: null,
        totalScore: 0,
        gamesPlayed: 0,
        winRate: 0,
      });
      expect((await t().app.inject({ method: "GET", url: "/api/users/987654" })).statusCode).toBe(404);
    });

    it("D92 gameRanks: a player's rank on each game's board, 'more' and 'less is better' (D90) alike; ties and hidden players (D93)", async () => {
      const more = await newGame(t(), "GR more");
      const less = await newGame(t(), "GR less");
      await t().database.db.execute(sql`update games set score_order = 'asc' where id = ${less.id}`);
      const [a, b, c, d] = await Promise.all(
        ["gr_a", "gr_b", "gr_c", "gr_d"].map((username) => createUserWithSession(t(), { username })),
      );
      for (const [p, m, l] of [
        [a, 50, 30],
        [b, 80, 10],
        [c, 20, 40],
      ] as const) {
        await score(t(), p, more.id, m);
        await score(t(), p, less.id, l);
      }
      await score(t(), d, more.id, 50); // the same score as a's, later: behind a
      const ranks = async (p: typeof a) => Object.fromEntries(await gameRanks(t().database.db, p.user.id));
      expect(await ranks(a)).toEqual({ [more.id]: 2, [less.id]: 2 });
      expect(await ranks(b)).toEqual({ [more.id]: 1, [less.id]: 1 });
      expect(await ranks(c)).toEqual({ [more.id]: 4, [less.id]: 3 });
      expect(await ranks(d)).toEqual({ [more.id]: 3 });
      await t().database.db.execute(sql`update users set boards_hidden_at = now() where id = ${b.user.id}`);
      expect(await ranks(a)).toEqual({ [more.id]: 1, [less.id]: 1 });
      expect(await ranks(b)).toEqual({});
    });
  },
  { demo: false },
);

// A leaderboard search is never cached (each one is a query over the players), so it needs a limit. Searches are
// counted per address (rate-limit-table.ts `leaderboardSearch`, lowered to 3 here); the cached common
// boards are not counted.
describeEachDatabase(
  "leaderboard search is rate-limited per address (issue 17)",
  (t) => {
    const get = (url: string, remoteAddress: string) => t().app.inject({ method: "GET", url, remoteAddress });
    it("the 4th search a window from one address is 429 with Retry-After; another address and the plain board still answer", async () => {
      for (let i = 0; i < 3; i++)
        expect((await get(`/api/leaderboard?search=pl${i}`, "10.30.0.1")).statusCode).toBe(200);
      const refused = await get("/api/leaderboard?search=pl", "10.30.0.1");
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/search/i);
      expect((await get("/api/leaderboard?search=pl", "10.30.0.2")).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await get("/api/leaderboard", "10.30.0.1")).statusCode).toBe(200);
      // An empty search is the plain board, not a search.
      expect((await get("/api/leaderboard?search=%20", "10.30.0.1")).statusCode).toBe(200);
    });
  },
  { demo: false, settings: { rateLimits: { leaderboardSearch: { limit: 3 } } } },
);
