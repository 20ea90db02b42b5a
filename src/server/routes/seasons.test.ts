import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { seasonLabel } from "../../contract/leaderboard-constants";
import { recordScore } from "../../test/factories";
import { newGame, score, type Player } from "../../test/scores";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { createDb, type Db } from "../db/client";
import { leaderboard, listBestScores } from "../services/leaderboard";
import { currentSeason, listSeasons, nextBoundary, periodStart, rollOver } from "../services/seasons";

/** A score made at `at` on the server's clock (D91 tests move the clock). */
const scoreAt = (db: Db, userId: number, gameId: number, value: number, at: Date) =>
  recordScore(db, { userId, gameId, score: value, at });

const names = (rows: Array<{ user: { username: string }; rank: number }>) =>
  rows.map((r) => `${r.rank}:${r.user.username}`);

// Wednesday 5 Nov 2025, noon UTC: the first season is the week of Monday 3 Nov (a past year, so that the server's own
// clock, used by the HTTP tests, is always later than every season these tests make).
const WED = new Date("2025-11-05T12:00:00Z");
const NEXT_TUE = new Date("2025-11-11T08:00:00Z");

it("season arithmetic (D91): weeks turn at 00:00 UTC on Mondays, months on the 1st, and the names say so", () => {
  expect(periodStart(WED, "week").toISOString()).toBe("2025-11-03T00:00:00.000Z");
  expect(periodStart(new Date("2026-11-08T23:59:59Z"), "week").toISOString()).toBe("2026-11-02T00:00:00.000Z");
  expect(periodStart(new Date("2026-11-09T00:00:00Z"), "week").toISOString()).toBe("2026-11-09T00:00:00.000Z");
  expect(nextBoundary(WED, "week")!.toISOString()).toBe("2025-11-10T00:00:00.000Z");
  expect(nextBoundary(WED, "month")!.toISOString()).toBe("2025-12-01T00:00:00.000Z");
  expect(nextBoundary(new Date("2026-12-31T23:00:00Z"), "month")!.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  expect(nextBoundary(WED, "none")).toBeNull();
  expect(seasonLabel({ number: 12, startsAt: "2026-11-02T00:00:00Z", endsAt: "2026-11-09T00:00:00Z" })).toBe(
    "Season 12 · 2–8 Nov",
  );
  expect(seasonLabel({ number: 13, startsAt: "2026-11-30T00:00:00Z", endsAt: "2026-12-07T00:00:00Z" })).toBe(
    "Season 13 · 30 Nov – 6 Dec",
  );
  expect(seasonLabel({ number: 14, startsAt: "2026-12-28T00:00:00Z", endsAt: "2027-01-04T00:00:00Z" })).toBe(
    "Season 14 · 28 Dec 2026 – 3 Jan 2027",
  );
  expect(seasonLabel({ number: 1, startsAt: "2026-11-02T00:00:00Z", endsAt: null })).toBe("Season 1 · since 2 Nov");
});

describeEachDatabase(
  "seasons (D91) with an injected clock",
  (t) => {
    it("a rollover archives the season as it stood, opens an empty one, and the archive stays browsable", async () => {
      const db = t().database.db;
      const g = await newGame(t(), "Season Points");
      const timed = await newGame(t(), "Season Laps");
      await db.execute(sql`update games set score_order = 'asc', score_format = 'time_ms' where id = ${timed.id}`);
      const [ann, ben, cat] = await Promise.all(
        ["s_ann", "s_ben", "s_cat"].map((username) => createUserWithSession(t(), { username })),
      );

      const first = await currentSeason(db, WED);
      expect(first.startsAt.toISOString()).toBe("2025-11-03T00:00:00.000Z");
      expect(first.endsAt!.toISOString()).toBe("2025-11-10T00:00:00.000Z");
      await scoreAt(db, ann!.user.id, g.id, 100, WED);
      await scoreAt(db, ben!.user.id, g.id, 50, WED);
      await scoreAt(db, ben!.user.id, timed.id, 9_000, WED);
      await scoreAt(db, ann!.user.id, timed.id, 12_000, WED);

      // the next Tuesday: the first score of the new week rolls over
      await scoreAt(db, cat!.user.id, g.id, 70, NEXT_TUE);
      await scoreAt(db, ann!.user.id, g.id, 500, NEXT_TUE);
      const seasons = await listSeasons(db, NEXT_TUE);
      expect(seasons.map((s) => [s.number, s.current, s.startsAt, s.endsAt])).toEqual([
        [first.id + 1, true, "2025-11-10T00:00:00.000Z", "2025-11-17T00:00:00.000Z"],
        [first.id, false, "2025-11-03T00:00:00.000Z", "2025-11-10T00:00:00.000Z"],
      ]);

      // the archive: the first week's standings, untouched by the later scores
      const archived = await leaderboard(db, { seasonId: first.id, limit: 10 });
      expect(archived.map((e) => [e.rank, e.user.username, e.totalScore, e.gamesPlayed])).toEqual([
        [1, "s_ann", 100, 2],
        [2, "s_ben", 50, 2],
      ]);
      expect(names(await listBestScores(db, timed.id, { seasonId: first.id, limit: 10 }))).toEqual([
        "1:s_ben",
        "2:s_ann",
      ]);
      // the new season holds only what was scored in it; all time holds everything
      const now = await leaderboard(db, { seasonId: first.id + 1, limit: 10 });
      expect(now.map((e) => [e.rank, e.user.username, e.totalScore])).toEqual([
        [1, "s_ann", 500],
        [2, "s_cat", 70],
      ]);
      expect(names(await leaderboard(db, { seasonId: null, limit: 10 })).filter((n) => n.includes(":s_"))).toEqual([
        "1:s_ann",
        "2:s_cat",
        "3:s_ben",
      ]);

      // over HTTP: the archived season by id (the server's own clock has long passed both seasons)
      const res = await t().app.inject({ method: "GET", url: `/api/leaderboard?season=${first.id}` });
      expect(res.statusCode).toBe(200);
      expect(names(res.json())).toEqual(["1:s_ann", "2:s_ben"]);
      const game = await t().app.inject({ method: "GET", url: `/api/scores/game/${g.id}?season=${first.id}` });
      expect(game.json().map((r: { rank: number; score: number }) => [r.rank, r.score])).toEqual([
        [1, 100],
        [2, 50],
      ]);
      expect((await t().app.inject({ method: "GET", url: "/api/leaderboard?season=999999" })).statusCode).toBe(404);
    });

    it("a server that slept through weeks opens the season containing now (no empty seasons in between)", async () => {
      const db = t().database.db;
      const open = await currentSeason(db, new Date("2025-11-12T00:00:00Z"));
      const later = await currentSeason(db, new Date("2025-12-03T10:00:00Z"));
      expect(later.id).toBe(open.id + 1);
      expect(later.startsAt.toISOString()).toBe("2025-12-01T00:00:00.000Z");
    });

    it("two processes racing to roll over make one archive and one new season", async () => {
      const db = t().database.db;
      const open = await currentSeason(db, new Date("2025-12-03T10:00:00Z"));
      // a second process: its own connection pool on the same PostgreSQL database; on PGlite (one connection) the
      // two transactions still interleave their statements and must serialise on the lock
      const other: { db: Db; close(): Promise<void> } =
        t().kind === "postgres"
          ? await createDb({ kind: "postgres", url: t().config.databaseUrl!, max: 2 })
          : { db, close: async () => {} };
      try {
        const at = new Date("2025-12-08T00:00:01Z");
        const [a, b] = await Promise.all([rollOver(db, at), rollOver(other.db, at)]);
        expect(a.id).toBe(b.id);
        expect(a.id).toBe(open.id + 1);
        const rows = (await db.execute(sql`select id, archived_at from seasons where id >= ${open.id} order by id`))
          .rows as Array<{
          id: number;
          archived_at: string | null;
        }>;
        expect(rows.map((r) => [Number(r.id), r.archived_at !== null])).toEqual([
          [open.id, true],
          [open.id + 1, false],
        ]);
      } finally {
        await other.close();
      }
    });
  },
  { demo: false },
);

describeEachDatabase(
  "around me and friends (D92)",
  (t) => {
    // 15 players on one game, p01 best … p15 last; on the players' board the same order (one game each)
    const players: Player[] = [];
    let gameId = 0;
    const around = async (p: Player | undefined, url: string) =>
      t().app.inject({ method: "GET", url, cookies: p?.cookies });
    const ranksOf = (rows: Array<{ rank: number }>) => rows.map((r) => r.rank);

    it("around=me at the top, in the middle and at the bottom: five rows either side, true ranks", async () => {
      const g = await newGame(t(), "Around Me");
      gameId = g.id;
      for (let i = 1; i <= 15; i++) {
        const p = await createUserWithSession(t(), { username: `am_p${String(i).padStart(2, "0")}` });
        players.push(p);
        await score(t(), p, g.id, 10_000_000 - i * 1000); // above every demo player's total
      }
      for (const [who, expected] of [
        [0, [1, 2, 3, 4, 5, 6]],
        [7, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]],
        [14, [10, 11, 12, 13, 14, 15]],
      ] as const) {
        const res = await around(players[who], `/api/scores/game/${g.id}?around=me`);
        expect(res.statusCode).toBe(200);
        expect(res.headers["cache-control"]).toBe("private, no-store");
        const rows = res.json() as Array<{ rank: number; user: { username: string } }>;
        expect(ranksOf(rows)).toEqual(expected);
        expect(rows.find((r) => r.user.username === players[who]!.user.username)!.rank).toBe(who + 1);
        const board = (await around(players[who], `/api/leaderboard?around=me`)).json() as Array<{
          rank: number;
          user: { id: number };
        }>;
        const mine = board.find((r) => r.user.id === players[who]!.user.id)!;
        expect(mine.rank).toBe(who + 1);
        expect(board.length).toBe(expected.length);
      }
      // the same ranks as the plain board
      const top = (await around(undefined, `/api/scores/game/${g.id}?limit=15`)).json() as Array<{
        rank: number;
        user: { id: number };
      }>;
      expect(top.map((r) => r.user.id)).toEqual(players.map((p) => p.user.id));
      expect(ranksOf(top)).toEqual(players.map((_, i) => i + 1));
    });

    it("around=me needs a session, is [] off the board, and works on the season's board", async () => {
      expect((await around(undefined, `/api/scores/game/${gameId}?around=me`)).statusCode).toBe(401);
      expect((await around(undefined, `/api/leaderboard?around=me`)).statusCode).toBe(401);
      const stranger = await createUserWithSession(t(), { username: "am_none" });
      expect((await around(stranger, `/api/scores/game/${gameId}?around=me`)).json()).toEqual([]);
      expect((await around(stranger, `/api/leaderboard?around=me&period=week`)).json()).toEqual([]);
      const season = (await t().app.inject({ method: "GET", url: "/api/seasons" })).json()[0] as {
        id: number;
        current: boolean;
      };
      expect(season.current).toBe(true);
      const rows = (await around(players[9], `/api/scores/game/${gameId}?around=me&season=${season.id}`)).json();
      expect(ranksOf(rows)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    });

    it("a player hidden from the boards (D93) leaves every rank at once, and comes back when shown", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const hide = (hidden: boolean) =>
        t().app.inject({
          method: "PATCH",
          url: `/api/admin/users/${players[2]!.user.id}`,
          cookies: admin.cookies,
          payload: { hiddenFromBoards: hidden },
        });
      expect((await hide(true)).statusCode).toBe(200);
      const rows = (await around(players[7], `/api/scores/game/${gameId}?around=me`)).json() as Array<{
        rank: number;
        user: { id: number };
      }>;
      expect(rows.find((r) => r.user.id === players[7]!.user.id)!.rank).toBe(7);
      expect(rows.some((r) => r.user.id === players[2]!.user.id)).toBe(false);
      expect((await around(players[2], `/api/scores/game/${gameId}?around=me`)).json()).toEqual([]);
      const week = (await around(players[7], `/api/leaderboard?around=me&period=week`)).json() as Array<{
        rank: number;
        user: { id: number };
      }>;
      expect(week.find((r) => r.user.id === players[7]!.user.id)!.rank).toBe(7);
      expect((await hide(false)).statusCode).toBe(200);
      const back = (await around(players[7], `/api/scores/game/${gameId}?around=me`)).json() as Array<{
        rank: number;
        user: { id: number };
      }>;
      expect(back.find((r) => r.user.id === players[7]!.user.id)!.rank).toBe(8);
    });

    it("scope=friends with around=me ranks among friends; a search keeps the board's ranks", async () => {
      const me = players[10]!;
      for (const friend of [players[1]!, players[12]!]) {
        expect(
          (await t().app.inject({ method: "POST", url: `/api/friends/${friend.user.id}`, cookies: me.cookies }))
            .statusCode,
        ).toBe(201);
        expect(
          (await t().app.inject({ method: "POST", url: `/api/friends/${me.user.id}`, cookies: friend.cookies }))
            .statusCode,
        ).toBe(200);
      }
      const rows = (await around(me, `/api/scores/game/${gameId}?around=me&scope=friends`)).json() as Array<{
        rank: number;
        user: { id: number };
      }>;
      expect(rows.map((r) => [r.rank, r.user.id])).toEqual([
        [1, players[1]!.user.id],
        [2, me.user.id],
        [3, players[12]!.user.id],
      ]);
      const search = (await around(undefined, `/api/leaderboard?search=am_p1`)).json() as Array<{
        rank: number;
        user: { username: string };
      }>;
      expect(search.map((r) => `${r.rank}:${r.user.username}`)).toEqual([
        "10:am_p10",
        "11:am_p11",
        "12:am_p12",
        "13:am_p13",
        "14:am_p14",
        "15:am_p15",
      ]);
    });
  },
  { demo: false },
);

/** D93 in a season: removing a score corrects the season's board too (the archive included). */
describeEachDatabase(
  "score moderation in seasons (D91, D93)",
  (t) => {
    it("removing a season's best score puts the player's next best of that season in its place", async () => {
      const db = t().database.db;
      const admin = await createUserWithSession(t(), { role: "admin" });
      const g = await newGame(t(), "Season Cheat");
      const p = await createUserWithSession(t(), { username: "sm_cheat" });
      const first = await currentSeason(db, WED);
      await scoreAt(db, p.user.id, g.id, 30, WED);
      const forged = await scoreAt(db, p.user.id, g.id, 299, new Date(WED.getTime() + 1000)); // under 10x (D108: not held)
      expect(forged.personalBest).toBe(true);
      await scoreAt(db, p.user.id, g.id, 80, NEXT_TUE); // next season
      const [row] = (await db.execute(sql`select id from scores where score = 299 and user_id = ${p.user.id}`))
        .rows as Array<{ id: number }>;
      const res = await t().app.inject({
        method: "DELETE",
        url: `/api/admin/scores/${row!.id}`,
        cookies: admin.cookies,
      });
      expect(res.statusCode).toBe(204);
      const archived = await leaderboard(db, { seasonId: first.id, limit: 5 });
      expect(archived.map((e) => [e.user.username, e.totalScore, e.gamesPlayed])).toEqual([["sm_cheat", 30, 1]]);
      expect((await listBestScores(db, g.id, { seasonId: first.id, limit: 5 })).map((r) => r.score)).toEqual([30]);
      expect((await leaderboard(db, { seasonId: first.id + 1, limit: 5 })).map((e) => e.totalScore)).toEqual([80]);
      expect((await listBestScores(db, g.id, { seasonId: null, limit: 5 })).map((r) => r.score)).toEqual([80]);
      // resetting the player on the game empties both seasons' boards of them
      const reset = await t().app.inject({
        method: "POST",
        url: "/api/admin/scores/reset",
        cookies: admin.cookies,
        payload: { userId: p.user.id, gameId: g.id },
      });
      expect(reset.statusCode).toBe(200);
      expect(await leaderboard(db, { seasonId: first.id, limit: 5 })).toEqual([]);
      expect(await listBestScores(db, g.id, { seasonId: first.id + 1, limit: 5 })).toEqual([]);
    });
  },
  { demo: false },
);
