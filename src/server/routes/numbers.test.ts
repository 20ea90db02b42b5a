import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { BEACON_MAX_IMPRESSIONS, GAME_ERROR_MESSAGE_MAX } from "../../contract/numbers-constants";
import { insertGame, insertPlay } from "../../test/factories";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { gameCountersDailyTable, gameCreatorsTable, gameErrorsDailyTable } from "../db/schema";
import { GAME_ERROR_MESSAGES_PER_DAY, OTHER_MESSAGES, utcDay } from "../services/game-numbers";

describeEachDatabase(
  "game numbers API (D134)",
  (t) => {
    const counters = async (gameId: number) =>
      (
        await t()
          .database.db.select()
          .from(gameCountersDailyTable)
          .where(and(eq(gameCountersDailyTable.gameId, gameId), eq(gameCountersDailyTable.day, utcDay(new Date()))))
      )[0];
    const beacon = (payload: object, ip = "198.51.100.1") =>
      t().app.inject({ method: "POST", url: "/api/numbers/beacon", payload, remoteAddress: ip });

    it("shows a game's and the site's numbers to an admin only", async () => {
      const game = await insertGame(t(), { title: "Counted Game" });
      await insertPlay(t(), { gameId: game.id, firstGameplayMs: 700 });
      const admin = await createUserWithSession(t(), { role: "admin" });
      const res = await t().app.inject({ method: "GET", url: `/api/numbers/games/${game.id}`, cookies: admin.cookies });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.game).toEqual({ id: game.id, title: "Counted Game" });
      expect(body.days).toHaveLength(91);
      expect(body.days.at(-1)).toMatchObject({ live: true, playStarts: 1, firstGameplayP50: 700 });
      const site = await t().app.inject({ method: "GET", url: "/api/numbers/site", cookies: admin.cookies });
      expect(site.statusCode).toBe(200);
      expect(site.json().game).toBeNull();
      expect(site.json().onlineNow).toBeTypeOf("number");
      expect(site.json().days.at(-1).playStarts).toBeGreaterThanOrEqual(1);
      expect(
        (await t().app.inject({ method: "GET", url: "/api/numbers/games/999999", cookies: admin.cookies })).statusCode,
      ).toBe(404);

      const player = await createUserWithSession(t());
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      // an admin account on a password session acts as a player (D42)
      const adminAsPlayer = await createUserWithSession(t(), { role: "admin", kind: "player" });
      // an admin who has not set up two-step sign-in may not act (D106)
      const unenrolled = await createUserWithSession(t(), { role: "admin", twoStep: false });
      for (const url of [`/api/numbers/games/${game.id}`, "/api/numbers/site"]) {
        for (const who of [player, moderator, adminAsPlayer, unenrolled])
          expect((await t().app.inject({ method: "GET", url, cookies: who.cookies })).statusCode, url).toBe(403);
        expect((await t().app.inject({ method: "GET", url })).statusCode).toBe(401);
      }
    });

    it("shows a game's numbers to its own creators, never another creator's or the site's (D134)", async () => {
      const game = await insertGame(t(), { title: "Made Game" });
      const maker = await createUserWithSession(t(), { role: "creator" });
      const other = await createUserWithSession(t(), { role: "creator" });
      const player = await createUserWithSession(t());
      await t().database.db.insert(gameCreatorsTable).values({ gameId: game.id, userId: maker.user.id });
      const get = (url: string, who: { cookies: Record<string, string> }) =>
        t().app.inject({ method: "GET", url, cookies: who.cookies });
      const mine = await get(`/api/numbers/games/${game.id}`, maker);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().game).toEqual({ id: game.id, title: "Made Game" });
      expect((await get(`/api/numbers/games/${game.id}`, other)).statusCode).toBe(403);
      expect((await get(`/api/numbers/games/${game.id}`, player)).statusCode).toBe(403);
      expect((await get("/api/numbers/site", maker)).statusCode).toBe(403);
    });

    it("counts each card once per beacon and the page view, and ignores ids of no game", async () => {
      const [a, b] = [await insertGame(t()), await insertGame(t())];
      expect((await beacon({ impressions: [a.id, a.id, b.id, 987654], view: b.id })).statusCode).toBe(204);
      expect((await beacon({ impressions: [a.id] })).statusCode).toBe(204);
      expect(await counters(a.id)).toMatchObject({ impressions: 2, pageViews: 0 });
      expect(await counters(b.id)).toMatchObject({ impressions: 1, pageViews: 1 });
      expect(await counters(987654)).toBeUndefined();
      expect((await beacon({ impressions: [], view: 987654 })).statusCode).toBe(204);
      expect(await counters(987654)).toBeUndefined();
    });

    it("refuses a batch over the limit, and a body carrying anything else", async () => {
      const a = await insertGame(t());
      const tooMany = Array.from({ length: BEACON_MAX_IMPRESSIONS + 1 }, () => a.id);
      expect((await beacon({ impressions: tooMany }, "198.51.100.2")).statusCode).toBe(400);
      expect((await beacon({ impressions: [a.id], visitor: "abc" }, "198.51.100.2")).statusCode).toBe(400);
      expect((await beacon({ impressions: ["x"] }, "198.51.100.2")).statusCode).toBe(400);
      expect(await counters(a.id)).toBeUndefined();
    });

    it("drops the beacons of one address beyond its limit, silently", async () => {
      const a = await insertGame(t());
      for (let i = 0; i < 3; i++) expect((await beacon({ impressions: [a.id] }, "198.51.100.3")).statusCode).toBe(204);
      expect((await beacon({ impressions: [a.id] }, "198.51.100.3")).statusCode).toBe(204);
      expect((await counters(a.id))?.impressions).toBe(3);
      expect((await beacon({ impressions: [a.id] }, "198.51.100.4")).statusCode).toBe(204);
      expect((await counters(a.id))?.impressions).toBe(4);
    });

    it("counts a game's errors by message, cut and capped per day, and limits the reports of one address", async () => {
      const g = await insertGame(t());
      const report = (message: string, ip = "198.51.100.5") =>
        t().app.inject({ method: "POST", url: `/api/games/${g.id}/errors`, payload: { message }, remoteAddress: ip });
      expect((await report("TypeError: x is undefined\n  at game.js:1")).statusCode).toBe(204);
      expect((await report("TypeError: x is undefined\n  at game.js:1")).statusCode).toBe(204);
      expect((await report("y".repeat(1000))).statusCode).toBe(204);
      expect((await report("")).statusCode).toBe(400);
      // the fourth report of the address is dropped
      expect((await report("next", "198.51.100.5")).statusCode).toBe(204);
      for (let i = 0; i < GAME_ERROR_MESSAGES_PER_DAY; i++)
        await report(`message ${i}`, `198.51.100.${100 + (i % 50)}`);
      const rows = await t()
        .database.db.select()
        .from(gameErrorsDailyTable)
        .where(eq(gameErrorsDailyTable.gameId, g.id));
      expect(rows).toHaveLength(GAME_ERROR_MESSAGES_PER_DAY + 1);
      expect(rows.some((r) => r.message === "next")).toBe(false);
      const byMessage = new Map(rows.map((r) => [r.message, r.n]));
      expect(byMessage.get("TypeError: x is undefined at game.js:1")).toBe(2);
      expect(byMessage.get("y".repeat(GAME_ERROR_MESSAGE_MAX))).toBe(1);
      expect(byMessage.get(OTHER_MESSAGES)).toBe(2);
      const unknown = await t().app.inject({
        method: "POST",
        url: "/api/games/987654/errors",
        payload: { message: "x" },
        remoteAddress: "198.51.100.6",
      });
      expect(unknown.statusCode).toBe(204);
      expect(
        await t().database.db.select().from(gameErrorsDailyTable).where(eq(gameErrorsDailyTable.gameId, 987654)),
      ).toEqual([]);
    });
  },
  { demo: false, settings: { rateLimits: { numbersBeacon: { limit: 3 }, gameError: { limit: 3 } } } },
);
