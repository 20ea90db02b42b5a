import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { BrokenGame, EmbedCheckNow } from "../../../contract/admin/broken-games";
import { startEmbedServer, type EmbedServer } from "../../../test/embed-server";
import { insertGame } from "../../../test/factories";
import { reportCalls } from "../../../test/reports";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { gamesTable } from "../../db/schema";

describeEachDatabase(
  "broken games in the CMS (D114)",
  (t) => {
    const { call, report, queue, act, auditOf } = reportCalls(t);
    const db = () => t().database.db;
    let server: EmbedServer;
    let admin: Awaited<ReturnType<typeof createUserWithSession>>;
    let moderator: Awaited<ReturnType<typeof createUserWithSession>>;
    let player: Awaited<ReturnType<typeof createUserWithSession>>;
    beforeAll(async () => {
      server = await startEmbedServer();
      admin = await createUserWithSession(t(), { role: "admin" });
      moderator = await createUserWithSession(t(), { role: "moderator" });
      player = await createUserWithSession(t());
    });
    afterAll(async () => {
      await server.close();
    });
    beforeEach(async () => {
      server.flaky = true;
      await db().execute(sql`delete from reports`);
      await db().execute(sql`delete from games where external_url is not null`);
    });

    const list = async (who = admin, query = "") => {
      const res = await call(who, "GET", `/api/admin/broken-games${query}`);
      expect(res.statusCode).toBe(200);
      return { games: res.json() as BrokenGame[], total: Number(res.headers["x-total-count"]) };
    };
    const checkNow = (who: typeof admin | undefined, id: number) =>
      call(who, "POST", `/api/admin/broken-games/${id}/check`);

    it("lists the games hidden as unreachable, failing their checks, or reported as not loading, paged", async () => {
      const checkedAt = new Date("2026-12-07T04:20:00Z");
      const fine = await insertGame(t(), { externalUrl: `${server.url}/ok/fine/`, embedCheckedAt: checkedAt });
      const hidden = await insertGame(t(), {
        title: "Hidden",
        externalUrl: `${server.url}/missing/h/`,
        hiddenReason: "unreachable",
        embedFailures: 3,
        embedCheckedAt: checkedAt,
        embedError: "The game's address answered HTTP 404",
      });
      const failing = await insertGame(t(), {
        title: "Failing",
        externalUrl: `${server.url}/broken/f/`,
        embedFailures: 1,
        embedCheckedAt: checkedAt,
        embedError: "The game's address answered HTTP 500",
      });
      const reported = await insertGame(t(), { title: "Reported", externalUrl: `${server.url}/ok/r/` });
      const other = await createUserWithSession(t());
      for (const who of [player, other]) {
        const res = await report(who, { kind: "game", targetId: reported.id, reason: "doesnt_load" });
        expect(res.statusCode).toBe(201);
      }

      const { games, total } = await list();
      expect(total).toBe(3);
      expect(games.map((g) => g.id)).toEqual([hidden.id, failing.id, reported.id]);
      expect(games[0]).toEqual({
        id: hidden.id,
        title: "Hidden",
        imageUrl: "",
        externalUrl: `${server.url}/missing/h/`,
        hiddenReason: "unreachable",
        failures: 3,
        checkedAt: checkedAt.toISOString(),
        error: "The game's address answered HTTP 404",
        reports: 0,
        lastReportedAt: null,
      });
      expect(games[2]).toMatchObject({ failures: 0, reports: 2, checkedAt: null, lastReportedAt: expect.any(String) });
      expect(games.some((g) => g.id === fine.id)).toBe(false);

      const page = await list(moderator, "?limit=2&offset=2");
      expect(page).toEqual({ games: [games[2]], total: 3 });
      expect(await list(admin, "?offset=10")).toEqual({ games: [], total: 3 });
      expect((await call(admin, "GET", "/api/admin/broken-games?limit=500")).statusCode).toBe(400);

      // a moderator dismisses the reports in the queue: the game leaves the list
      const group = (await queue(moderator)).items.find((g) => g.kind === "game" && g.targetId === reported.id)!;
      expect((await act(moderator, group.id, "dismiss")).statusCode).toBe(200);
      expect((await list()).games.map((g) => g.id)).toEqual([hidden.id, failing.id]);
    });

    it("checks one game now: three failures hide it from players, a success resets it; staff only, each recorded", async () => {
      const game = await insertGame(t(), { title: "Flaky", externalUrl: `${server.url}/flaky/x/` });
      expect((await checkNow(undefined, game.id)).statusCode).toBe(401);
      expect((await checkNow(player, game.id)).statusCode).toBe(403);
      expect((await call(player, "GET", "/api/admin/broken-games")).statusCode).toBe(403);

      for (const failures of [1, 2]) {
        const res = await checkNow(moderator, game.id);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ outcome: "failed", hidden: false, game: { failures, hiddenReason: null } });
      }
      expect((await t().app.inject({ method: "GET", url: `/api/games/${game.id}` })).statusCode).toBe(200);
      const third = (await checkNow(admin, game.id)).json() as EmbedCheckNow;
      expect(third).toMatchObject({
        outcome: "failed",
        hidden: true,
        game: { failures: 3, hiddenReason: "unreachable" },
      });
      expect(third.game.error).toContain("HTTP 503");
      // the cached public read is dropped at once
      expect((await t().app.inject({ method: "GET", url: `/api/games/${game.id}` })).statusCode).toBe(404);

      server.flaky = false;
      const fixed = (await checkNow(admin, game.id)).json() as EmbedCheckNow;
      expect(fixed).toMatchObject({
        outcome: "reachable",
        hidden: false,
        game: { failures: 0, error: null, hiddenReason: "unreachable" },
      });
      // showing it again is the admin's edit
      const shown = await call(admin, "PATCH", `/api/admin/games/${game.id}`, { hiddenReason: null });
      expect(shown.statusCode).toBe(200);
      expect((await t().app.inject({ method: "GET", url: `/api/games/${game.id}` })).statusCode).toBe(200);

      const audit = await auditOf(admin, `action=games.embed-check&targetId=${game.id}`);
      expect(audit.length).toBe(4);
      expect(audit[1]).toMatchObject({ after: { outcome: "failed", failures: 3, hidden: true } });
    });

    it("answers 404 for a game that runs on our games origin or does not exist", async () => {
      const own = await insertGame(t(), { externalUrl: null });
      expect((await checkNow(admin, own.id)).statusCode).toBe(404);
      expect((await checkNow(admin, 987_654)).statusCode).toBe(404);
      const [row] = await db().select().from(gamesTable).where(eq(gamesTable.id, own.id));
      expect(row.embedCheckedAt).toBeNull();
    });
  },
  { env: { FETCH_ALLOW_PRIVATE: "true" } },
);
