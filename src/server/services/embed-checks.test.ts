import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { startEmbedServer, type EmbedServer } from "../../test/embed-server";
import { insertGame } from "../../test/factories";
import { describeEachDatabase } from "../../test/test-app";
import { gamesTable } from "../db/schema";
import { checkEmbedBatch, checkGameEmbed, embedFetcher, type EmbedCheckDeps } from "./embed-checks";

const GAMES_URL = "http://g{id}.games.test:5001";

describeEachDatabase(
  "embed checks (D114)",
  (t) => {
    const db = () => t().database.db;
    let server: EmbedServer;
    let clock: Date;
    beforeAll(async () => {
      server = await startEmbedServer();
      server.slowMs = 2_000;
    });
    afterAll(async () => {
      await server.close();
    });
    beforeEach(async () => {
      clock = new Date("2026-12-07T04:20:00Z");
      server.flaky = true;
      // each test's embedded games are its own
      await db().execute(sql`delete from games where external_url is not null`);
    });

    /** Only the fixture's own address may be reached, as a public host would be; a redirect elsewhere private is not. */
    const deps = (): EmbedCheckDeps => ({
      db: db(),
      gamesUrl: GAMES_URL,
      now: () => clock,
      fetchEmbed: embedFetcher({ allowPrivate: false, allowAddresses: ["127.0.0.1"], timeoutMs: 500 }),
    });
    const game = (path: string, extra: Partial<typeof gamesTable.$inferInsert> = {}) =>
      insertGame(t(), { externalUrl: `${server.url}${path}`, ...extra });
    const row = async (id: number) => (await db().select().from(gamesTable).where(eq(gamesTable.id, id)))[0];

    it("counts a page, a redirect to a page and a page too large to read as reachable, whatever its type", async () => {
      for (const path of ["/ok/a/", "/moved/b/", "/huge/c/"]) {
        const g = await game(path, { embedFailures: 2, embedError: "earlier" });
        const result = await checkGameEmbed(deps(), g.id);
        expect(result, path).toMatchObject({ outcome: "reachable", failures: 0, error: null, hidden: false });
        expect(await row(g.id), path).toMatchObject({ embedFailures: 0, embedError: null, embedCheckedAt: clock });
      }
    });

    it("counts a 404, a 500, a timeout, a refused connection and a redirect to a private address as failures", async () => {
      const cases: [string, string][] = [
        [`${server.url}/missing/a/`, "The game's address answered HTTP 404"],
        [`${server.url}/broken/a/`, "The game's address answered HTTP 500"],
        [`${server.url}/slow/a/`, "The game's address did not answer within 0.5 seconds"],
        ["http://127.0.0.1:1/game/", "The game's address could not be reached (connection refused)"],
        [`${server.url}/private/a/`, "The game's address is at 10.1.2.3, a private network address"],
      ];
      for (const [url, error] of cases) {
        const g = await insertGame(t(), { externalUrl: url });
        const result = await checkGameEmbed(deps(), g.id);
        expect(result, url).toMatchObject({ outcome: "failed", failures: 1, hidden: false });
        expect(result?.error, url).toContain(error);
        expect(await row(g.id), url).toMatchObject({ embedFailures: 1, embedCheckedAt: clock, hiddenReason: null });
        expect((await row(g.id)).embedError).toContain(error);
      }
      expect(server.requests).not.toContain("/game/");
    });

    it("does not count a 429 against the game, but records that it was checked", async () => {
      const g = await game("/busy/a/", { embedFailures: 2, embedError: "HTTP 404" });
      expect(await checkGameEmbed(deps(), g.id)).toMatchObject({ outcome: "busy", failures: 2, hidden: false });
      expect(await row(g.id)).toMatchObject({ embedFailures: 2, embedError: "HTTP 404", embedCheckedAt: clock });
    });

    it("hides a game as unreachable at the third failure in a row, and a success in between starts over", async () => {
      const g = await game("/flaky/a/");
      await checkGameEmbed(deps(), g.id);
      await checkGameEmbed(deps(), g.id);
      server.flaky = false;
      expect(await checkGameEmbed(deps(), g.id)).toMatchObject({ outcome: "reachable", failures: 0 });
      server.flaky = true;
      expect(await checkGameEmbed(deps(), g.id)).toMatchObject({ failures: 1, hidden: false });
      expect(await checkGameEmbed(deps(), g.id)).toMatchObject({ failures: 2, hidden: false });
      expect((await row(g.id)).hiddenReason).toBeNull();
      expect(await checkGameEmbed(deps(), g.id)).toMatchObject({ failures: 3, hidden: true });
      expect(await row(g.id)).toMatchObject({ hiddenReason: "unreachable", embedFailures: 3 });
      expect(await checkGameEmbed(deps(), g.id)).toMatchObject({ failures: 4, hidden: false });
    });

    it("leaves a game hidden for another reason with that reason", async () => {
      const g = await game("/missing/gone/", { hiddenReason: "gone", embedFailures: 2 });
      expect(await checkGameEmbed(deps(), g.id)).toMatchObject({ failures: 3, hidden: false });
      expect((await row(g.id)).hiddenReason).toBe("gone");
    });

    it("checks only games embedded from elsewhere", async () => {
      const own = await insertGame(t(), { externalUrl: null });
      const [onOrigin] = await db()
        .insert(gamesTable)
        .values({ title: "On its origin", categoryId: own.categoryId, externalUrl: "http://placeholder" })
        .returning();
      await db()
        .update(gamesTable)
        .set({ externalUrl: `http://g${onOrigin.id}.games.test:5001/game-frame/${onOrigin.id}/` })
        .where(eq(gamesTable.id, onOrigin.id));
      expect(await checkGameEmbed(deps(), own.id)).toBeNull();
      expect(await checkGameEmbed(deps(), onOrigin.id)).toBeNull();
      expect(await checkGameEmbed(deps(), 987_654)).toBeNull();
      expect(await checkEmbedBatch(deps(), { before: clock })).toEqual({ checked: 0, hidden: [], more: false });
    });

    it("checks shown embedded games in bounded batches, the longest unchecked first, each once per run", async () => {
      const day = 24 * 60 * 60 * 1000;
      const old = await game("/ok/old/", { embedCheckedAt: new Date(clock.getTime() - 3 * day) });
      const never = await game("/missing/never/", { embedFailures: 2 });
      const recent = await game("/ok/recent/", { embedCheckedAt: new Date(clock.getTime() - day) });
      const hidden = await game("/ok/hidden/", { hiddenReason: "unreachable" });
      const before = clock;

      server.requests.length = 0;
      const first = await checkEmbedBatch(deps(), { before, batch: 2, concurrency: 2 });
      expect(first).toEqual({ checked: 2, hidden: [never.id], more: true });
      expect(new Set(server.requests)).toEqual(new Set(["/missing/never/", "/ok/old/"]));

      clock = new Date(clock.getTime() + 60_000);
      const second = await checkEmbedBatch(deps(), { before, batch: 2 });
      expect(second).toEqual({ checked: 1, hidden: [], more: false });
      expect(server.requests.slice(2)).toEqual(["/ok/recent/"]);
      expect(await checkEmbedBatch(deps(), { before })).toEqual({ checked: 0, hidden: [], more: false });

      const rows = await db()
        .select({ id: gamesTable.id, checkedAt: gamesTable.embedCheckedAt, hiddenReason: gamesTable.hiddenReason })
        .from(gamesTable)
        .where(inArray(gamesTable.id, [old.id, never.id, recent.id, hidden.id]))
        .orderBy(gamesTable.id);
      expect(rows).toEqual([
        { id: old.id, checkedAt: before, hiddenReason: null },
        { id: never.id, checkedAt: before, hiddenReason: "unreachable" },
        { id: recent.id, checkedAt: clock, hiddenReason: null },
        { id: hidden.id, checkedAt: null, hiddenReason: "unreachable" },
      ]);
    });
  },
  { demo: false },
);
