import { expect, it } from "vitest";
import { newGame, score, type Player } from "../../test/scores";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { friendshipsTable, userBlocksTable } from "../db/schema";

type Entry = { rank: number; user: { id: number; username: string }; totalScore: number };
type ScoreRow = { score: number; user: { id: number; username: string } };

describeEachDatabase("friends-only boards (D84, D101 scope=friends)", (t) => {
  const get = (url: string, p?: Player) => t().app.inject({ method: "GET", url, cookies: p?.cookies });
  const befriend = async (a: Player, b: Player) => {
    expect(
      (await t().app.inject({ method: "POST", url: `/api/friends/${b.user.id}`, cookies: a.cookies })).statusCode,
    ).toBe(201);
    expect(
      (await t().app.inject({ method: "POST", url: `/api/friends/${a.user.id}`, cookies: b.cookies })).json(),
    ).toEqual({ status: "friends" });
  };
  const board = async (url: string, p: Player) => {
    const res = await get(url, p);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it("D84: 401 without a session for scope=friends; an unknown scope is 400", async () => {
    const g = await newGame(t(), "FB0");
    for (const url of [
      "/api/leaderboard?scope=friends",
      "/api/leaderboard?scope=friends&period=week",
      `/api/scores/game/${g.id}?scope=friends`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect((await get("/api/leaderboard?scope=everyone")).statusCode).toBe(400);
    expect((await get(`/api/scores/game/${g.id}?scope=everyone`)).statusCode).toBe(400);
  });

  it("D84: the board holds me and my friends only, ranked among themselves, never shared-cached; global unchanged", async () => {
    const g1 = await newGame(t(), "FB1");
    const g2 = await newGame(t(), "FB2");
    const me = await createUserWithSession(t(), { username: "fb_me" });
    const pal = await createUserWithSession(t(), { username: "fb_pal" });
    const pal2 = await createUserWithSession(t(), { username: "fb_pal2" });
    const stranger = await createUserWithSession(t(), { username: "fb_stranger" });
    const asked = await createUserWithSession(t(), { username: "fb_asked" });
    await befriend(me, pal);
    await befriend(me, pal2);
    // A request that was never accepted is not a friendship.
    expect(
      (await t().app.inject({ method: "POST", url: `/api/friends/${asked.user.id}`, cookies: me.cookies })).statusCode,
    ).toBe(201);
    await score(t(), stranger, g1.id, 999_000);
    await score(t(), asked, g1.id, 888_000);
    await score(t(), pal, g1.id, 700);
    await score(t(), me, g1.id, 300);
    await score(t(), me, g2.id, 100);
    await score(t(), pal2, g2.id, 50);

    for (const period of ["all", "week"]) {
      const res = await board(`/api/leaderboard?scope=friends&period=${period}`, me);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.json().map((e: Entry) => [e.rank, e.user.username, e.totalScore])).toEqual([
        [1, "fb_pal", 700],
        [2, "fb_me", 400],
        [3, "fb_pal2", 50],
      ]);
      // My friend sees their own friends: me, not pal2 (not their friend).
      expect(
        (await board(`/api/leaderboard?scope=friends&period=${period}`, pal)).json().map((e: Entry) => e.user.username),
      ).toEqual(["fb_pal", "fb_me"]);
      // A search filters the friends board and keeps its ranks.
      expect(
        (await board(`/api/leaderboard?scope=friends&period=${period}&search=PAL2`, me))
          .json()
          .map((e: Entry) => [e.rank, e.user.username]),
      ).toEqual([[3, "fb_pal2"]]);
    }
    expect((await board("/api/leaderboard?scope=friends&limit=2", me)).json()).toHaveLength(2);

    const game = await board(`/api/scores/game/${g1.id}?scope=friends`, me);
    expect(game.headers["cache-control"]).toBe("private, no-store");
    expect(game.json().map((s: ScoreRow) => [s.user.username, s.score])).toEqual([
      ["fb_pal", 700],
      ["fb_me", 300],
    ]);
    expect((await get(`/api/scores/game/999999?scope=friends`, me)).statusCode).toBe(404);

    // Global is unchanged: everyone, whoever asks, and the default scope.
    const global = (await get("/api/leaderboard?limit=100", me)).json().map((e: Entry) => e.user.username);
    expect(global).toEqual(expect.arrayContaining(["fb_stranger", "fb_asked", "fb_pal", "fb_me", "fb_pal2"]));
    expect(global.indexOf("fb_stranger")).toBeLessThan(global.indexOf("fb_asked"));
    expect((await get("/api/leaderboard?scope=global&limit=100")).json().map((e: Entry) => e.user.username)).toEqual(
      global,
    );
    const globalGame = await get(`/api/scores/game/${g1.id}`);
    expect(globalGame.headers["cache-control"]).not.toBe("private, no-store");
    expect(globalGame.json().map((s: ScoreRow) => s.user.username)).toEqual([
      "fb_stranger",
      "fb_asked",
      "fb_pal",
      "fb_me",
    ]);
  });

  it("D84: with no friends the board is just me (or empty before my first score)", async () => {
    const g = await newGame(t(), "FB3");
    const loner = await createUserWithSession(t(), { username: "fb_loner" });
    expect((await board("/api/leaderboard?scope=friends", loner)).json()).toEqual([]);
    expect((await board(`/api/scores/game/${g.id}?scope=friends`, loner)).json()).toEqual([]);
    await score(t(), loner, g.id, 10);
    expect(
      (await board("/api/leaderboard?scope=friends", loner)).json().map((e: Entry) => [e.rank, e.user.username]),
    ).toEqual([[1, "fb_loner"]]);
  });

  it("D84: a block removes the player from the friends boards, both ways", async () => {
    const g = await newGame(t(), "FB4");
    const a = await createUserWithSession(t(), { username: "fb_blocker" });
    const b = await createUserWithSession(t(), { username: "fb_blocked" });
    await befriend(a, b);
    await score(t(), a, g.id, 10);
    await score(t(), b, g.id, 20);
    const names = async (p: Player) => ({
      board: (await board("/api/leaderboard?scope=friends", p)).json().map((e: Entry) => e.user.username),
      game: (await board(`/api/scores/game/${g.id}?scope=friends`, p)).json().map((s: ScoreRow) => s.user.username),
    });
    expect(await names(a)).toEqual({ board: ["fb_blocked", "fb_blocker"], game: ["fb_blocked", "fb_blocker"] });
    expect(
      (await t().app.inject({ method: "POST", url: `/api/blocks/${b.user.id}`, cookies: a.cookies })).statusCode,
    ).toBeLessThan(300);
    expect(await names(a)).toEqual({ board: ["fb_blocker"], game: ["fb_blocker"] });
    expect(await names(b)).toEqual({ board: ["fb_blocked"], game: ["fb_blocked"] });
    // Even a friendship row left next to a block (written directly) never shows the blocked player.
    await t()
      .database.db.insert(friendshipsTable)
      .values([
        { userId: a.user.id, friendId: b.user.id },
        { userId: b.user.id, friendId: a.user.id },
      ]);
    expect(await names(a)).toEqual({ board: ["fb_blocker"], game: ["fb_blocker"] });
    expect(await names(b)).toEqual({ board: ["fb_blocked"], game: ["fb_blocked"] });
    await t().database.db.delete(userBlocksTable);
    expect((await names(b)).board).toEqual(["fb_blocked", "fb_blocker"]);
  });
});
