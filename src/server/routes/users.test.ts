import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { newGame, play, score } from "../../test/scores";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { gamesTable } from "../db/schema";
import { resetRateLimit } from "../services/rate-limit-counter";

describeEachDatabase(
  "achievements and profile stats (D25)",
  (t) => {
    const unlocked = async (userId: number) => {
      const stats = (await t().app.inject({ method: "GET", url: `/api/users/${userId}/stats` })).json();
      return {
        stats,
        ids: stats.achievements
          .filter((a: { unlockedAt: string | null }) => a.unlockedAt)
          .map((a: { id: string }) => a.id)
          .sort(),
      };
    };

    it("unlock on the right events and are counted", async () => {
      const a = await createUserWithSession(t());
      const rival = await createUserWithSession(t());
      const games = [];
      for (const slug of ["action", "adventure", "puzzle", "strategy", "racing", "sports"])
        games.push(await newGame(t(), `A-${slug}`, slug));
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
      await t().app.inject({
        method: "POST",
        url: "/api/reviews",
        cookies: a.cookies,
        payload: { gameId: games[0].id, rating: 4 },
      });
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

    it("lists per-game bests with real last-played dates and category shares from plays", async () => {
      const p = await createUserWithSession(t());
      const action = await newGame(t(), "Stats Action", "action");
      const puzzle = await newGame(t(), "Stats Puzzle", "puzzle");
      await score(t(), p, action.id, 5);
      await score(t(), p, action.id, 50);
      await score(t(), p, puzzle.id, 7);
      await play(t(), action.id, p); // a play without a score still counts for the categories
      const { stats } = await unlocked(p.user.id);
      expect(
        stats.games.map((g: { title: string; bestScore: number; scores: number }) => [g.title, g.bestScore, g.scores]),
      ).toEqual([
        ["Stats Puzzle", 7, 1],
        ["Stats Action", 50, 2],
      ]);
      expect(new Date(stats.games[0].lastPlayedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(stats.categories).toEqual([
        { slug: "action", name: "Action", plays: 3, share: 75 },
        { slug: "puzzle", name: "Puzzle", plays: 1, share: 25 },
      ]);
    });

    it("D90: says how each game shows its scores (scoreFormat), so that a time reads as a time", async () => {
      const p = await createUserWithSession(t());
      const points = await newGame(t(), "Format Points", "action");
      const timed = await newGame(t(), "Format Time", "racing");
      await score(t(), p, points.id, 1234);
      await score(t(), p, timed.id, 5);
      // The format is the game's (set after the score: the rules of a time game are not what this test is about).
      await t()
        .database.db.update(gamesTable)
        .set({ scoreOrder: "asc", scoreFormat: "time_ms" })
        .where(eq(gamesTable.id, timed.id));
      const { stats } = await unlocked(p.user.id);
      expect(stats.games.map((g: { title: string; scoreFormat: string }) => [g.title, g.scoreFormat])).toEqual([
        ["Format Time", "time_ms"],
        ["Format Points", "points"],
      ]);
    });

    it("D92: each per-game best carries the player's rank on that game's all-time board; D93: hidden from the boards, null", async () => {
      const [me, x, y, ghost] = [
        await createUserWithSession(t()),
        await createUserWithSession(t()),
        await createUserWithSession(t()),
        await createUserWithSession(t()),
      ];
      const admin = await createUserWithSession(t(), { role: "admin" });
      const more = await newGame(t(), "Rank More", "action");
      const less = await newGame(t(), "Rank Less", "puzzle");
      // D90: "less is better" on this one, set before the scores as a game's rules are
      await t().database.db.update(gamesTable).set({ scoreOrder: "asc" }).where(eq(gamesTable.id, less.id));
      const hide = async (p: typeof me, hidden: boolean) => {
        const res = await t().app.inject({
          method: "PATCH",
          url: `/api/admin/users/${p.user.id}`,
          cookies: admin.cookies,
          payload: { hiddenFromBoards: hidden },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      await score(t(), x, more.id, 100);
      await score(t(), me, more.id, 50);
      await score(t(), y, more.id, 10);
      await score(t(), ghost, more.id, 500); // hidden below: not counted ahead of anyone
      await score(t(), y, less.id, 10);
      await score(t(), x, less.id, 30);
      await score(t(), me, less.id, 40);
      await score(t(), me, less.id, 60); // worse on a "less is better" game: the best stays 40
      await hide(ghost, true);
      const ranks = async (p: typeof me) => {
        const { stats } = await unlocked(p.user.id);
        return Object.fromEntries(
          stats.games.map((g: { title: string; bestScore: number; rank: number | null }) => [
            g.title,
            [g.bestScore, g.rank],
          ]),
        );
      };
      expect(await ranks(me)).toEqual({ "Rank More": [50, 2], "Rank Less": [40, 3] });
      expect(await ranks(y)).toEqual({ "Rank More": [10, 3], "Rank Less": [10, 1] });
      // the hidden player still sees their bests, without a rank
      expect(await ranks(ghost)).toEqual({ "Rank More": [500, null] });
      await hide(me, true);
      expect(await ranks(me)).toEqual({ "Rank More": [50, null], "Rank Less": [40, null] });
      expect(await ranks(y)).toEqual({ "Rank More": [10, 2], "Rank Less": [10, 1] });
      await hide(me, false);
      expect(await ranks(me)).toEqual({ "Rank More": [50, 2], "Rank Less": [40, 3] });
    });
  },
  { demo: false },
);

// Each profile read counts the players ahead of this one (its rank; the statistics one rank
// per game) and is never cached (it depends on who asks). Reads are counted per address, or per player when
// signed in (rate-limit-table.ts `profileRead`, lowered to 3 here), the profile and its statistics together.
describeEachDatabase(
  "profile reads are rate-limited (issue 17)",
  (t) => {
    const get = (url: string, remoteAddress: string, cookies?: Record<string, string>) =>
      t().app.inject({ method: "GET", url, remoteAddress, cookies });
    it("the 4th read a window from one address is 429 with Retry-After; another address and a signed-in reader still answer", async () => {
      const owner = await createUserWithSession(t());
      const reader = await createUserWithSession(t());
      expect((await get(`/api/users/${owner.user.id}`, "10.31.0.1")).statusCode).toBe(200);
      expect((await get(`/api/users/${owner.user.id}/stats`, "10.31.0.1")).statusCode).toBe(200);
      expect((await get(`/api/users/${owner.user.id + 1000}`, "10.31.0.1")).statusCode).toBe(404);
      for (const url of [`/api/users/${owner.user.id}`, `/api/users/${owner.user.id}/stats`]) {
        const refused = await get(url, "10.31.0.1");
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
        expect(refused.json().message).toMatch(/profile/i);
      }
      expect((await get(`/api/users/${owner.user.id}`, "10.31.0.2")).statusCode).toBe(200);
      // a signed-in reader is counted as themselves, not by the address they share (a school's, say)
      expect((await get(`/api/users/${owner.user.id}`, "10.31.0.1", reader.cookies)).statusCode).toBe(200);
    });
  },
  { demo: false, settings: { rateLimits: { profileRead: { limit: 3 } } } },
);
