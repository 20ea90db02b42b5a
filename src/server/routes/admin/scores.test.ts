import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { newGame, score, type Player } from "../../../test/scores";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../../test/test-app";
import { bestScoresTable, playerStatsTable, scoresTable, achievementsTable } from "../../db/schema";
import { leaderboard } from "../../services/leaderboard";
import { currentSeason, listSeasons, startNewSeason } from "../../services/seasons";

async function stats(t: TestApp, p: Player) {
  const [row] = await t.database.db.select().from(playerStatsTable).where(eq(playerStatsTable.userId, p.user.id));
  return { total: row.totalScore, played: row.gamesPlayed, wins: row.wins };
}

async function achievements(t: TestApp, p: Player) {
  return (await t.database.db.select().from(achievementsTable).where(eq(achievementsTable.userId, p.user.id)))
    .map((a) => a.achievement)
    .sort();
}

describeEachDatabase(
  "score moderation (D93, D101)",
  (t) => {
    const as = (admin: Player, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
      t().app.inject({ method, url, cookies: admin.cookies, ...(payload ? { payload } : {}) });
    const board = async (url: string) =>
      (await t().app.inject({ method: "GET", url })).json() as Array<{
        user: { id: number };
        score?: number;
        totalScore?: number;
      }>;

    it("removing a player's best score: the next best takes its place, totals and ranks follow, the action is audit-logged", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const g = await newGame(t(), "Moderated game");
      const [cheat, honest] = [await createUserWithSession(t()), await createUserWithSession(t())];
      await score(t(), cheat, g.id, 400);
      const forged = await score(t(), cheat, g.id, 3_999);
      await score(t(), honest, g.id, 500);
      expect((await board(`/api/scores/game/${g.id}`)).map((e) => e.user.id)).toEqual([cheat.user.id, honest.user.id]);
      expect(await stats(t(), cheat)).toMatchObject({ total: 3_999, played: 2 });

      const rows = await (await as(admin, "GET", `/api/admin/scores?gameId=${g.id}&userId=${cheat.user.id}`)).json();
      const forgedRow = rows.find((r: { score: number }) => r.score === 3_999);
      expect(forgedRow).toMatchObject({
        isBest: true,
        game: { id: g.id, format: "points" },
        user: { id: cheat.user.id, hiddenFromBoards: false },
      });
      expect((await as(admin, "DELETE", `/api/admin/scores/${forgedRow.id}`)).statusCode).toBe(204);
      expect((await as(admin, "DELETE", `/api/admin/scores/${forgedRow.id}`)).statusCode).toBe(404);

      expect((await board(`/api/scores/game/${g.id}`)).map((e) => [e.user.id, e.score])).toEqual([
        [honest.user.id, 500],
        [cheat.user.id, 400],
      ]);
      expect(await stats(t(), cheat)).toMatchObject({ total: 400, played: 1 });
      expect(forged.personalBest).toBe(true);
      const audit = (
        await (await as(admin, "GET", `/api/admin/audit?action=score.delete&targetId=${forgedRow.id}`)).json()
      ).items;
      expect(audit).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ id: admin.user.id }),
          before: expect.objectContaining({ userId: cheat.user.id }),
        }),
      ]);
    });

    it("resetting a player on a game removes all their scores there, and nothing elsewhere; achievements are evaluated again", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const [g1, g2] = [await newGame(t(), "Reset A"), await newGame(t(), "Reset B")];
      const [p, rival] = [await createUserWithSession(t()), await createUserWithSession(t())];
      await score(t(), rival, g1.id, 2_500); // D108: 20,000 is under 10x the top, so not held
      await score(t(), p, g1.id, 20_000, true);
      await score(t(), p, g1.id, 300);
      await score(t(), p, g2.id, 50);
      expect(await achievements(t(), p)).toEqual(expect.arrayContaining(["champion", "high_roller", "first_victory"]));

      const res = await as(admin, "POST", "/api/admin/scores/reset", { userId: p.user.id, gameId: g1.id });
      expect(res.json()).toEqual({ removed: 2 });
      const left = await t().database.db.select().from(scoresTable).where(eq(scoresTable.userId, p.user.id));
      expect(left.map((s) => s.gameId)).toEqual([g2.id]);
      expect(
        await t()
          .database.db.select()
          .from(bestScoresTable)
          .where(and(eq(bestScoresTable.userId, p.user.id), eq(bestScoresTable.gameId, g1.id))),
      ).toEqual([]);
      expect(await stats(t(), p)).toMatchObject({ total: 50, played: 1, wins: 0 });
      // the 20,000 and the win were on the reset game; g2's 50 still makes them its champion
      const now = await achievements(t(), p);
      expect(now).not.toContain("high_roller");
      expect(now).not.toContain("first_victory");
      expect(now).toEqual(expect.arrayContaining(["first_score", "champion"]));
      // the rival is now the champion of g1
      expect(await achievements(t(), rival)).toContain("champion");
      expect((await as(admin, "POST", "/api/admin/scores/reset", { userId: p.user.id, gameId: g1.id })).json()).toEqual(
        { removed: 0 },
      );
      expect((await as(admin, "POST", "/api/admin/scores/reset", { userId: "x", gameId: g1.id })).statusCode).toBe(400);
    });

    it("moderators work the held scores' queue but not the scores; bad input is 400, an unknown held score 404", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      expect((await as(moderator, "GET", "/api/admin/held-scores")).statusCode).toBe(200);
      expect((await as(moderator, "POST", "/api/admin/held-scores/2000000000/approve")).statusCode).toBe(404);
      expect((await as(moderator, "POST", "/api/admin/held-scores/2000000000/reject")).statusCode).toBe(404);
      expect((await as(moderator, "POST", "/api/admin/held-scores/x/approve")).statusCode).toBe(400);
      expect((await as(moderator, "GET", "/api/admin/scores")).statusCode).toBe(403);
      expect((await as(moderator, "DELETE", "/api/admin/scores/1")).statusCode).toBe(403);
      expect((await as(moderator, "POST", "/api/admin/scores/reset", { userId: 1, gameId: 1 })).statusCode).toBe(403);
      expect((await as(admin, "GET", "/api/admin/scores?gameId=x")).statusCode).toBe(400);
      expect((await as(admin, "GET", "/api/admin/scores?limit=201")).statusCode).toBe(400);
      expect((await as(admin, "DELETE", "/api/admin/scores/x")).statusCode).toBe(400);
      expect(
        (await as(admin, "POST", "/api/admin/scores/reset", { userId: 1, gameId: 1, extra: true })).statusCode,
      ).toBe(400);
    });
  },
  { demo: false },
);

/** D91: a new season started by hand, on a board of its own (the season's first scores are this test's). */
describeEachDatabase(
  "seasons started by an admin (D91)",
  (t) => {
    it("an admin starts a new season now (POST /api/admin/seasons/new): the old one is archived as it stood, audit-logged", async () => {
      const db = t().database.db;
      const admin = await createUserWithSession(t(), { role: "admin" });
      const player = await createUserWithSession(t(), { username: "s_dan" });
      const g = await newGame(t(), "Season Restart");
      await score(t(), player, g.id, 42); // the server's clock: the season containing today
      const before = await currentSeason(db);
      const res = await t().app.inject({ method: "POST", url: "/api/admin/seasons/new", cookies: admin.cookies });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ id: before.id + 1, current: true });
      const closed = (await listSeasons(db)).find((s) => s.id === before.id)!;
      expect(closed.current).toBe(false);
      expect(closed.endsAt).toBe(res.json().startsAt);
      expect(
        (await leaderboard(db, { seasonId: before.id, limit: 10 })).map((r) => `${r.rank}:${r.user.username}`),
      ).toContain("1:s_dan");
      expect(await leaderboard(db, { seasonId: before.id + 1, limit: 10 })).toEqual([]);
      const week = (await t().app.inject({ method: "GET", url: "/api/leaderboard?period=week" })).json();
      expect(week).toEqual([]);
      const list = (await t().app.inject({ method: "GET", url: "/api/seasons" })).json() as Array<{
        id: number;
        current: boolean;
      }>;
      expect(list.filter((s) => s.current).map((s) => s.id)).toEqual([before.id + 1]);
      expect(list.find((s) => s.id === before.id)).toMatchObject({ current: false });
      const audit = (
        await t().app.inject({ method: "GET", url: "/api/admin/audit?action=season.start", cookies: admin.cookies })
      ).json();
      expect(JSON.stringify(audit)).toContain("season.start");
      // players and moderators may not
      const mod = await createUserWithSession(t(), { role: "moderator" });
      expect(
        (await t().app.inject({ method: "POST", url: "/api/admin/seasons/new", cookies: mod.cookies })).statusCode,
      ).toBe(403);
      expect(
        (await t().app.inject({ method: "POST", url: "/api/admin/seasons/new", cookies: player.cookies })).statusCode,
      ).toBe(403);
      await expect(startNewSeason(db, new Date("2020-01-01T00:00:00Z"))).rejects.toThrow("only just started");
    });
  },
  { demo: false },
);
