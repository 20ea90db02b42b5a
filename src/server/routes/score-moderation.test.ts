import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { bestScoresTable, playerStatsTable, scoresTable, achievementsTable } from "../db/schema";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { newGame, score, type Player } from "../../test/scores";

async function stats(t: TestApp, p: Player) {
  const [row] = await t.database.db.select().from(playerStatsTable).where(eq(playerStatsTable.userId, p.user.id));
  return { total: row.totalScore, played: row.gamesPlayed, wins: row.wins };
}

async function achievements(t: TestApp, p: Player) {
  return (await t.database.db.select().from(achievementsTable).where(eq(achievementsTable.userId, p.user.id))).map((a) => a.achievement).sort();
}

describeEachDatabase(
  "score moderation (D93, D101)",
  (t) => {
    const as = (admin: Player, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
      t().app.inject({ method, url, cookies: admin.cookies, ...(payload ? { payload } : {}) });
    const board = async (url: string) =>
      (await t().app.inject({ method: "GET", url })).json() as Array<{ user: { id: number }; score?: number; totalScore?: number }>;

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
      expect(forgedRow).toMatchObject({ isBest: true, game: { id: g.id, format: "points" }, user: { id: cheat.user.id, hiddenFromBoards: false } });
      expect((await as(admin, "DELETE", `/api/admin/scores/${forgedRow.id}`)).statusCode).toBe(204);
      expect((await as(admin, "DELETE", `/api/admin/scores/${forgedRow.id}`)).statusCode).toBe(404);

      expect((await board(`/api/scores/game/${g.id}`)).map((e) => [e.user.id, e.score])).toEqual([
        [honest.user.id, 500],
        [cheat.user.id, 400],
      ]);
      expect(await stats(t(), cheat)).toMatchObject({ total: 400, played: 1 });
      expect(forged.personalBest).toBe(true);
      const audit = (await (await as(admin, "GET", `/api/admin/audit?action=score.delete&targetId=${forgedRow.id}`)).json()).items;
      expect(audit).toEqual([
        expect.objectContaining({ actor: expect.objectContaining({ id: admin.user.id }), before: expect.objectContaining({ userId: cheat.user.id }) }),
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
      expect((await as(admin, "POST", "/api/admin/scores/reset", { userId: p.user.id, gameId: g1.id })).json()).toEqual({ removed: 0 });
      expect((await as(admin, "POST", "/api/admin/scores/reset", { userId: "x", gameId: g1.id })).statusCode).toBe(400);
    });

    it("hiding a player takes them off every board at once (cached boards too) and showing them brings them back", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const g = await newGame(t(), "Hidden game");
      const p = await createUserWithSession(t());
      await score(t(), p, g.id, 123_456_789);
      const onBoards = async () => [
        (await board("/api/leaderboard")).some((e) => e.user.id === p.user.id),
        (await board("/api/leaderboard?period=week")).some((e) => e.user.id === p.user.id),
        (await board(`/api/scores/game/${g.id}`)).some((e) => e.user.id === p.user.id),
      ];
      expect(await onBoards()).toEqual([true, true, true]);
      const hide = await as(admin, "PATCH", `/api/admin/users/${p.user.id}`, { hiddenFromBoards: true });
      expect(hide.statusCode).toBe(200);
      expect(hide.json()).toMatchObject({ hiddenFromBoards: true, disabled: false });
      expect(await onBoards()).toEqual([false, false, false]);
      expect((await as(admin, "PATCH", `/api/admin/users/${p.user.id}`, { hiddenFromBoards: false })).json()).toMatchObject({ hiddenFromBoards: false });
      expect(await onBoards()).toEqual([true, true, true]);
    });
  },
  { demo: false },
);
