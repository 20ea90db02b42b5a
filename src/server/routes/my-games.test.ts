import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  MAX_GAMEPLAY_STRETCH_MS,
  MAX_PLAYTIME_PER_PLAY_MS,
  RECENT_GAMES_LIMIT,
} from "../../contract/my-games-constants";
import { insertGame } from "../../test/factories";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { favoritesTable, gamesTable, playerGamesTable, playsTable } from "../db/schema";
import { recordGameplay } from "../services/my-games";

type Cookies = { sid: string } | undefined;
const MINUTE = 60_000;

describeEachDatabase("My Games API (D86, D100)", (t) => {
  const inject = (method: "GET" | "PUT" | "DELETE" | "POST", url: string, cookies?: Cookies, payload?: object) =>
    t().app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
  const favoriteIdsOf = async (cookies: Cookies) =>
    (await inject("GET", "/api/favorites/ids", cookies)).json().ids as number[];
  const myGames = async (cookies: Cookies) =>
    (await inject("GET", "/api/me/games", cookies)).json() as { favorites: MyGameJson[]; recent: MyGameJson[] };
  type MyGameJson = { id: number; title: string; lastPlayedAt: string | null; playtimeMs: number | null };
  const openPlay = async (gameId: number, cookies?: Cookies) =>
    (await inject("POST", `/api/games/${gameId}/play`, cookies)).json().playId as string;
  const gameplay = (gameId: number, playId: string, state: string, cookies?: Cookies) =>
    inject("POST", `/api/games/${gameId}/plays/${playId}/gameplay`, cookies, { state });
  const playOf = async (playId: string) =>
    (await t().database.db.select().from(playsTable).where(eq(playsTable.id, playId)))[0];
  const playerGame = async (userId: number, gameId: number) =>
    (
      await t()
        .database.db.select()
        .from(playerGamesTable)
        .where(and(eq(playerGamesTable.userId, userId), eq(playerGamesTable.gameId, gameId)))
    )[0];

  it("D100: every route answers 401 without a session", async () => {
    const g = await insertGame(t(), { title: "Locked Game" });
    const play = await openPlay(g.id);
    for (const [method, url, payload] of [
      ["PUT", `/api/favorites/${g.id}`],
      ["DELETE", `/api/favorites/${g.id}`],
      ["GET", "/api/favorites/ids"],
      ["GET", "/api/me/games"],
      ["POST", `/api/games/${g.id}/plays/${play}/gameplay`, { state: "start" }],
    ] as const) {
      const res = await inject(method, url, undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: "Not signed in" });
    }
  });

  it("D86: PUT and DELETE /api/favorites/{id} are idempotent (204) and the ids follow", async () => {
    const g = await insertGame(t(), { title: "Heart Game" });
    const { cookies } = await createUserWithSession(t());
    expect(await favoriteIdsOf(cookies)).toEqual([]);
    expect((await inject("PUT", `/api/favorites/${g.id}`, cookies)).statusCode).toBe(204);
    // as the client sends it: a JSON body of {}
    expect((await inject("PUT", `/api/favorites/${g.id}`, cookies, {})).statusCode).toBe(204);
    expect(await favoriteIdsOf(cookies)).toEqual([g.id]);
    expect((await inject("DELETE", `/api/favorites/${g.id}`, cookies, {})).statusCode).toBe(204);
    expect((await inject("DELETE", `/api/favorites/${g.id}`, cookies)).statusCode).toBe(204);
    expect(await favoriteIdsOf(cookies)).toEqual([]);
  });

  it("D86: a favourite of an unknown game is 404, a malformed id 400; one player's favourites are not another's", async () => {
    const a = await createUserWithSession(t());
    const b = await createUserWithSession(t());
    const unknown = await inject("PUT", "/api/favorites/987654", a.cookies);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Game not found" });
    expect((await inject("PUT", "/api/favorites/abc", a.cookies)).statusCode).toBe(400);
    const g = await insertGame(t(), { title: "Private Heart" });
    await inject("PUT", `/api/favorites/${g.id}`, a.cookies);
    expect(await favoriteIdsOf(a.cookies)).toEqual([g.id]);
    expect(await favoriteIdsOf(b.cookies)).toEqual([]);
    expect((await myGames(b.cookies)).favorites).toEqual([]);
  });

  it("D100: /api/me/games lists favourites newest first, with lastPlayedAt and playtimeMs where known", async () => {
    const { user, cookies } = await createUserWithSession(t());
    const first = await insertGame(t(), { title: "Fav First" });
    const second = await insertGame(t(), { title: "Fav Second" });
    await inject("PUT", `/api/favorites/${first.id}`, cookies);
    await inject("PUT", `/api/favorites/${second.id}`, cookies);
    // the order is by when each was added; set apart so that the test does not depend on the clock's resolution
    await t()
      .database.db.update(favoritesTable)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(and(eq(favoritesTable.userId, user.id), eq(favoritesTable.gameId, first.id)));
    await openPlay(first.id, cookies);
    const { favorites } = await myGames(cookies);
    expect(favorites.map((g) => g.title)).toEqual(["Fav Second", "Fav First"]);
    expect(favorites[0]).toMatchObject({
      id: second.id,
      lastPlayedAt: null,
      playtimeMs: null,
      category: expect.any(String),
      frameUrl: expect.any(String),
    });
    expect(favorites[1].lastPlayedAt).not.toBeNull();
    expect(favorites[1].playtimeMs).toBe(0);
    expect(await favoriteIdsOf(cookies)).toEqual([second.id, first.id]);
  });

  it("D86: a signed-in play counts on the player's games; a guest's play counts on nobody's", async () => {
    const { user, cookies } = await createUserWithSession(t());
    const g = await insertGame(t(), { title: "Counted Game" });
    await openPlay(g.id, cookies);
    await openPlay(g.id, cookies);
    await openPlay(g.id);
    const row = await playerGame(user.id, g.id);
    expect(row).toMatchObject({ plays: 2, playtimeMs: 0 });
    expect(Date.now() - row.lastPlayedAt.getTime()).toBeLessThan(60_000);
    const rows = await t().database.db.select().from(playerGamesTable).where(eq(playerGamesTable.gameId, g.id));
    expect(rows).toHaveLength(1);
    const { recent } = await myGames(cookies);
    expect(recent.map((r) => r.id)).toEqual([g.id]);
  });

  it("D100: recent is ordered by last played, at most RECENT_GAMES_LIMIT", async () => {
    const { user, cookies } = await createUserWithSession(t());
    const games = [];
    for (let i = 0; i < RECENT_GAMES_LIMIT + 1; i++) games.push(await insertGame(t(), { title: `Recent ${i}` }));
    for (const g of games.slice(0, 3)) await openPlay(g.id, cookies);
    const setPlayedHoursAgo = (gameId: number, hours: number) =>
      t()
        .database.db.update(playerGamesTable)
        .set({ lastPlayedAt: sql`now() - make_interval(hours => ${hours})` })
        .where(and(eq(playerGamesTable.userId, user.id), eq(playerGamesTable.gameId, gameId)));
    await setPlayedHoursAgo(games[0].id, 3);
    await setPlayedHoursAgo(games[1].id, 1);
    await setPlayedHoursAgo(games[2].id, 2);
    expect((await myGames(cookies)).recent.map((g) => g.title)).toEqual(["Recent 1", "Recent 2", "Recent 0"]);

    // playing again moves a game to the top
    await openPlay(games[0].id, cookies);
    expect((await myGames(cookies)).recent.map((g) => g.title)).toEqual(["Recent 0", "Recent 1", "Recent 2"]);

    await t()
      .database.db.insert(playerGamesTable)
      .values(
        games.slice(3).map((g, i) => ({
          userId: user.id,
          gameId: g.id,
          plays: 1,
          lastPlayedAt: new Date(Date.now() - (10 + i) * 3_600_000),
        })),
      );
    const { recent } = await myGames(cookies);
    expect(recent).toHaveLength(RECENT_GAMES_LIMIT);
    expect(recent[0].title).toBe("Recent 0");
    expect(recent.map((g) => g.title)).not.toContain(`Recent ${RECENT_GAMES_LIMIT}`);
  });

  it("D100: a deleted game leaves both lists", async () => {
    const { cookies } = await createUserWithSession(t());
    const g = await insertGame(t(), { title: "Doomed Game" });
    const kept = await insertGame(t(), { title: "Kept Game" });
    for (const id of [g.id, kept.id]) {
      await inject("PUT", `/api/favorites/${id}`, cookies);
      await openPlay(id, cookies);
    }
    await t().database.db.delete(gamesTable).where(eq(gamesTable.id, g.id));
    const after = await myGames(cookies);
    expect(after.favorites.map((x) => x.id)).toEqual([kept.id]);
    expect(after.recent.map((x) => x.id)).toEqual([kept.id]);
    expect(await favoriteIdsOf(cookies)).toEqual([kept.id]);
  });

  it("D86: only the play's owner can time it: another player's or a guest's play is 403, an unknown one 404", async () => {
    const owner = await createUserWithSession(t());
    const other = await createUserWithSession(t());
    const g = await insertGame(t(), { title: "Owned Play" });
    const otherGame = await insertGame(t(), { title: "Other Game" });
    const play = await openPlay(g.id, owner.cookies);
    const refused = await gameplay(g.id, play, "start", other.cookies);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "This play belongs to another player" });
    expect((await playOf(play)).gameplaySince).toBeNull();
    const guestPlay = await openPlay(g.id);
    expect((await gameplay(g.id, guestPlay, "start", owner.cookies)).statusCode).toBe(403);
    expect((await gameplay(otherGame.id, play, "start", owner.cookies)).statusCode).toBe(404);
    expect((await gameplay(g.id, "00000000-0000-4000-8000-000000000000", "start", owner.cookies)).statusCode).toBe(404);
    expect((await gameplay(g.id, "not-a-uuid", "start", owner.cookies)).statusCode).toBe(400);
    const bad = await gameplay(g.id, play, "pause", owner.cookies);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('state must be \\"start\\" or \\"stop\\"');
    expect((await gameplay(g.id, play, "start", owner.cookies)).statusCode).toBe(204);
    expect((await playOf(play)).gameplaySince).not.toBeNull();
  });

  it("D86: start then stop adds the server-measured time to the play and to the player's playtime", async () => {
    const { user, cookies } = await createUserWithSession(t());
    const g = await insertGame(t(), { title: "Timed Play" });
    const play = await openPlay(g.id, cookies);
    expect((await gameplay(g.id, play, "start", cookies)).statusCode).toBe(204);
    // ten minutes of gameplay, as if the start had come ten minutes ago
    await t()
      .database.db.update(playsTable)
      .set({ gameplaySince: sql`now() - interval '10 minutes'` })
      .where(eq(playsTable.id, play));
    expect((await gameplay(g.id, play, "stop", cookies)).statusCode).toBe(204);
    const after = await playOf(play);
    expect(after.gameplaySince).toBeNull();
    expect(after.playtimeMs).toBeGreaterThanOrEqual(10 * MINUTE - 1000);
    expect(after.playtimeMs).toBeLessThan(10 * MINUTE + 10_000);
    expect((await playerGame(user.id, g.id)).playtimeMs).toBe(after.playtimeMs);
    // a second stop counts nothing
    expect((await gameplay(g.id, play, "stop", cookies)).statusCode).toBe(204);
    expect((await playOf(play)).playtimeMs).toBe(after.playtimeMs);
    expect((await myGames(cookies)).recent[0]).toMatchObject({ id: g.id, playtimeMs: after.playtimeMs });
  });

  it("D86: a stretch counts at most MAX_GAMEPLAY_STRETCH_MS, a play at most MAX_PLAYTIME_PER_PLAY_MS (server clock, injected)", async () => {
    const { user, cookies } = await createUserWithSession(t());
    const g = await insertGame(t(), { title: "Capped Play" });
    const play = await openPlay(g.id, cookies);
    const db = t().database.db;
    const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms);
    const report = (state: "start" | "stop", ms: number) =>
      recordGameplay(db, { userId: user.id, gameId: g.id, playId: play, state }, at(ms));

    expect(await report("stop", 0)).toEqual({ playtimeMs: 0, addedMs: 0 }); // a stop without a start counts nothing
    await report("start", 0);
    expect(await report("stop", 7 * MINUTE)).toEqual({ playtimeMs: 7 * MINUTE, addedMs: 7 * MINUTE });
    // a start left running for two hours (a tab left open) counts the stretch cap only
    await report("start", 10 * MINUTE);
    expect(await report("stop", 130 * MINUTE)).toEqual({
      playtimeMs: 7 * MINUTE + MAX_GAMEPLAY_STRETCH_MS,
      addedMs: MAX_GAMEPLAY_STRETCH_MS,
    });
    // a start while running closes the running stretch and opens a new one
    await report("start", 200 * MINUTE);
    expect(await report("start", 205 * MINUTE)).toEqual({ playtimeMs: 42 * MINUTE, addedMs: 5 * MINUTE });
    expect(await report("stop", 206 * MINUTE)).toEqual({ playtimeMs: 43 * MINUTE, addedMs: MINUTE });
    // a clock that went back counts nothing
    await report("start", 300 * MINUTE);
    expect(await report("stop", 299 * MINUTE)).toMatchObject({ addedMs: 0 });

    // near the per-play cap: only what is left counts
    await db
      .update(playsTable)
      .set({ playtimeMs: MAX_PLAYTIME_PER_PLAY_MS - 5 * MINUTE })
      .where(eq(playsTable.id, play));
    const before = (await playerGame(user.id, g.id)).playtimeMs;
    await report("start", 400 * MINUTE);
    expect(await report("stop", 420 * MINUTE)).toEqual({ playtimeMs: MAX_PLAYTIME_PER_PLAY_MS, addedMs: 5 * MINUTE });
    await report("start", 430 * MINUTE);
    expect(await report("stop", 440 * MINUTE)).toEqual({ playtimeMs: MAX_PLAYTIME_PER_PLAY_MS, addedMs: 0 });
    expect((await playerGame(user.id, g.id)).playtimeMs).toBe(before + 5 * MINUTE);
    expect(before).toBe(43 * MINUTE);
  });

  it("D86: playtime sums over the player's plays of the game", async () => {
    const { user, cookies } = await createUserWithSession(t());
    const g = await insertGame(t(), { title: "Summed Play" });
    const db = t().database.db;
    for (const minutes of [3, 4]) {
      const playId = await openPlay(g.id, cookies);
      await recordGameplay(db, { userId: user.id, gameId: g.id, playId, state: "start" }, new Date(0));
      await recordGameplay(db, { userId: user.id, gameId: g.id, playId, state: "stop" }, new Date(minutes * MINUTE));
    }
    expect(await playerGame(user.id, g.id)).toMatchObject({ plays: 2, playtimeMs: 7 * MINUTE });
  });
});
