import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertGame } from "../../test/factories";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { gameSavesTable, usersTable } from "../db/schema";
import { rateLimitTable } from "../rate-limit-table";

type Cookies = { sid: string };
type Entry = { key: string; value: string; updatedAt: string };

const KIB = 1024;
const MIB = 1024 * 1024;
/** The write limit of this file's app (lowered from 120 so that the 429 needs few requests). */
const TEST_WRITE_LIMIT = 40;

/** An ISO time `offsetMs` from now (negative: in the past). */
const at = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
/** Fixed times, far enough in the past never to be clamped. */
const T = (n: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, n)).toISOString();

describeEachDatabase(
  "cloud saves API (D76)",
  (t) => {
    const load = (cookies: Cookies | undefined, gameId: number) =>
      t().app.inject({ method: "GET", url: `/api/games/${gameId}/saves`, cookies });
    const save = (cookies: Cookies | undefined, gameId: number, payload: unknown) =>
      t().app.inject({ method: "POST", url: `/api/games/${gameId}/saves`, cookies, payload: payload as object });
    /** Writes, expecting 200; returns the store. */
    const saveOk = async (cookies: Cookies, gameId: number, payload: unknown) => {
      const res = await save(cookies, gameId, payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { entries: Entry[]; usedBytes: number; quotaBytes: number };
    };
    const values = async (cookies: Cookies, gameId: number) => {
      const res = await load(cookies, gameId);
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries((res.json().entries as Entry[]).map((e) => [e.key, e.value]));
    };
    const rows = (userId: number, gameId: number) =>
      t()
        .database.db.select()
        .from(gameSavesTable)
        .where(and(eq(gameSavesTable.userId, userId), eq(gameSavesTable.gameId, gameId)));
    const setQuota = async (kib: string) => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      return t().app.inject({
        method: "PATCH",
        url: "/api/admin/settings",
        cookies: admin.cookies,
        payload: { site: { cloud_save_quota_kib: kib } },
      });
    };

    it("signed out: 401 Not signed in, and nothing is cached", async () => {
      const g = await insertGame(t(), { title: "Signed Out Game" });
      for (const res of [
        await load(undefined, g.id),
        await save(undefined, g.id, { set: [{ key: "a", value: "1", updatedAt: at() }] }),
        // Before the body is even read: an invalid one is a 401 too.
        await save(undefined, g.id, { set: [{ key: "", value: 1, updatedAt: "now" }] }),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: "Not signed in" });
        expect(res.headers["cache-control"]).toBe("no-store");
      }
      expect(await t().database.db.select().from(gameSavesTable).where(eq(gameSavesTable.gameId, g.id))).toEqual([]);
    });

    it("an unknown game, or one played from an external URL, has no saves (404)", async () => {
      const a = await createUserWithSession(t());
      const external = await insertGame(t(), {
        title: "External Game",
        externalUrl: "https://games.example.net/play/",
      });
      for (const id of [987654, external.id]) {
        expect((await load(a.cookies, id)).statusCode).toBe(404);
        const res = await save(a.cookies, id, { set: [{ key: "a", value: "1", updatedAt: at() }] });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Game not found" });
      }
      expect(await rows(a.user.id, external.id)).toEqual([]);
    });

    it("an empty store at first: no entries, 0 bytes used, the default quota (1 MiB), no-store", async () => {
      const g = await insertGame(t(), { title: "Empty Game" });
      const a = await createUserWithSession(t());
      const res = await load(a.cookies, g.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.json()).toEqual({ entries: [], usedBytes: 0, quotaBytes: MIB });
    });

    it("set then get: Unicode keys and values round-trip, bytes are counted in UTF-8, entries sorted by key", async () => {
      const g = await insertGame(t(), { title: "Unicode Game" });
      const a = await createUserWithSession(t());
      const longKey = "🎮".repeat(128); // 128 characters, 256 UTF-16 units, 512 bytes
      const written = await saveOk(a.cookies, g.id, {
        set: [
          { key: "ключ", value: "héllo 🎮", updatedAt: T(1) }, // 8 + 11 bytes
          { key: "a", value: "", updatedAt: T(2) }, // 1 byte
          { key: longKey, value: '{"level":3}', updatedAt: "2026-01-01T13:00:03+01:00" }, // 512 + 11 bytes
        ],
      });
      expect(written).toEqual({
        entries: [
          { key: "a", value: "", updatedAt: T(2) },
          { key: "ключ", value: "héllo 🎮", updatedAt: T(1) },
          { key: longKey, value: '{"level":3}', updatedAt: T(3) },
        ],
        usedBytes: 19 + 1 + 523,
        quotaBytes: MIB,
      });
      const read = await load(a.cookies, g.id);
      expect(read.json()).toEqual(written);
      const stored = await rows(a.user.id, g.id);
      expect(Object.fromEntries(stored.map((r) => [r.key, r.bytes]))).toEqual({ a: 1, ключ: 19, [longKey]: 523 });
    });

    it("the newer write of a key wins: an older set or remove is ignored, an equal or newer one applies", async () => {
      const g = await insertGame(t(), { title: "Merge Game" });
      const a = await createUserWithSession(t());
      await saveOk(a.cookies, g.id, { set: [{ key: "k", value: "v5", updatedAt: T(5) }] });
      await saveOk(a.cookies, g.id, { set: [{ key: "k", value: "v4", updatedAt: T(4) }] });
      expect(await values(a.cookies, g.id)).toEqual({ k: "v5" });
      await saveOk(a.cookies, g.id, { set: [{ key: "k", value: "v5 again", updatedAt: T(5) }] });
      expect(await values(a.cookies, g.id)).toEqual({ k: "v5 again" });
      const newer = await saveOk(a.cookies, g.id, { set: [{ key: "k", value: "v6", updatedAt: T(6) }] });
      expect(newer.entries).toEqual([{ key: "k", value: "v6", updatedAt: T(6) }]);
      expect(newer.usedBytes).toBe(3);

      // remove: an older one leaves the value, an equal one deletes it.
      await saveOk(a.cookies, g.id, { remove: [{ key: "k", updatedAt: T(5) }] });
      expect(await values(a.cookies, g.id)).toEqual({ k: "v6" });
      const removed = await saveOk(a.cookies, g.id, {
        remove: [
          { key: "k", updatedAt: T(6) },
          { key: "never-set", updatedAt: T(6) },
        ],
      });
      expect(removed).toEqual({ entries: [], usedBytes: 0, quotaBytes: MIB });
    });

    it("within one batch the newest item of a key wins, and a remove beats a set of the same time", async () => {
      const g = await insertGame(t(), { title: "Batch Merge Game" });
      const a = await createUserWithSession(t());
      const res = await saveOk(a.cookies, g.id, {
        set: [
          { key: "x", value: "new", updatedAt: T(9) },
          { key: "x", value: "old", updatedAt: T(8) },
          { key: "y", value: "kept", updatedAt: T(9) },
          { key: "z", value: "gone", updatedAt: T(7) },
        ],
        remove: [
          { key: "y", updatedAt: T(8) },
          { key: "z", updatedAt: T(7) },
        ],
      });
      expect(res.entries.map((e) => [e.key, e.value])).toEqual([
        ["x", "new"],
        ["y", "kept"],
      ]);
    });

    it("clear deletes what was written at or before its time, first; the batch's older items are dropped", async () => {
      const g = await insertGame(t(), { title: "Clear Game" });
      const other = await insertGame(t(), { title: "Clear Other Game" });
      const a = await createUserWithSession(t());
      await saveOk(a.cookies, g.id, {
        set: [
          { key: "old", value: "1", updatedAt: T(1) },
          { key: "edge", value: "2", updatedAt: T(2) },
          { key: "new", value: "3", updatedAt: T(3) },
        ],
      });
      await saveOk(a.cookies, other.id, { set: [{ key: "old", value: "other game", updatedAt: T(1) }] });
      const res = await saveOk(a.cookies, g.id, {
        clear: { updatedAt: T(2) },
        set: [
          { key: "stale", value: "before the clear", updatedAt: T(1) },
          { key: "fresh", value: "after the clear", updatedAt: T(2) },
        ],
      });
      expect(Object.fromEntries(res.entries.map((e) => [e.key, e.value]))).toEqual({
        fresh: "after the clear",
        new: "3",
      });
      expect(res.usedBytes).toBe(5 + 15 + 3 + 1);
      // Only that game's data.
      expect(await values(a.cookies, other.id)).toEqual({ old: "other game" });
    });

    it("a time more than 5 minutes ahead is taken as now: it cannot make a value unbeatable (set, remove and clear)", async () => {
      const g = await insertGame(t(), { title: "Clock Game" });
      const a = await createUserWithSession(t());
      const before = Date.now();
      const res = await saveOk(a.cookies, g.id, {
        set: [{ key: "k", value: "from a fast clock", updatedAt: at(365 * 24 * 3600_000) }],
      });
      const stored = Date.parse(res.entries[0].updatedAt);
      expect(stored).toBeGreaterThanOrEqual(before - 1000);
      expect(stored).toBeLessThanOrEqual(Date.now() + 1000);
      // Less than 5 minutes ahead is kept as sent, and beats it.
      const soon = at(2 * 60_000);
      expect((await saveOk(a.cookies, g.id, { set: [{ key: "k", value: "later", updatedAt: soon }] })).entries).toEqual(
        [{ key: "k", value: "later", updatedAt: soon }],
      );
      // A clear or remove from the far future counts as now too: the entry written 2 minutes ahead survives.
      const after = await saveOk(a.cookies, g.id, {
        clear: { updatedAt: at(24 * 3600_000) },
        remove: [{ key: "k", updatedAt: at(3600_000) }],
      });
      expect(after.entries.map((e) => e.value)).toEqual(["later"]);
    });

    describe("quota", () => {
      it("a write over the quota is refused (413, code quota) and changes nothing; exactly at the quota is accepted", async () => {
        const g = await insertGame(t(), { title: "Quota Game" });
        const a = await createUserWithSession(t());
        await saveOk(a.cookies, g.id, { set: [{ key: "keep", value: "original", updatedAt: T(1) }] });
        const used = 4 + 8;
        const over = await save(a.cookies, g.id, {
          set: [
            { key: "keep", value: "changed", updatedAt: T(2) },
            { key: "big", value: "x".repeat(Math.round(1.2 * MIB)), updatedAt: T(2) },
          ],
          remove: [{ key: "missing", updatedAt: T(2) }],
        });
        expect(over.statusCode).toBe(413);
        expect(over.json()).toEqual({
          message: "Cloud save full: this game's data would use 1.2 MiB of the 1 MiB allowed",
          code: "quota",
        });
        expect(over.headers["cache-control"]).toBe("no-store");
        expect((await load(a.cookies, g.id)).json()).toEqual({
          entries: [{ key: "keep", value: "original", updatedAt: T(1) }],
          usedBytes: used,
          quotaBytes: MIB,
        });

        // A clear that would be followed by too much is rolled back too.
        const clearThenOver = await save(a.cookies, g.id, {
          clear: { updatedAt: T(3) },
          set: [{ key: "big", value: "y".repeat(MIB), updatedAt: T(3) }],
        });
        expect(clearThenOver.statusCode).toBe(413);
        expect(clearThenOver.json().message).toBe(
          "Cloud save full: this game's data would use 1,048,579 bytes of the 1,048,576 bytes allowed",
        );
        expect(await values(a.cookies, g.id)).toEqual({ keep: "original" });

        // Exactly the quota (a body over Fastify's default 1 MiB limit, too).
        const exact = await saveOk(a.cookies, g.id, {
          set: [{ key: "big", value: "z".repeat(MIB - used - 3), updatedAt: T(4) }],
        });
        expect(exact.usedBytes).toBe(MIB);
        const oneMore = await save(a.cookies, g.id, { set: [{ key: "b", value: "", updatedAt: T(5) }] });
        expect(oneMore.statusCode).toBe(413);
        expect(oneMore.json().message).toBe(
          "Cloud save full: this game's data would use 1,048,577 bytes of the 1,048,576 bytes allowed",
        );
        // Replacing a value by a smaller one is fine when full.
        expect(
          (await saveOk(a.cookies, g.id, { set: [{ key: "keep", value: "orig", updatedAt: T(6) }] })).usedBytes,
        ).toBe(MIB - 4);
      });

      it("an administrator lowers the quota in the settings; a player over it can still shrink their data", async () => {
        const g = await insertGame(t(), { title: "Lowered Quota Game" });
        const a = await createUserWithSession(t());
        await saveOk(a.cookies, g.id, {
          set: [
            { key: "a", value: "x".repeat(10 * KIB), updatedAt: T(1) },
            { key: "b", value: "x".repeat(10 * KIB), updatedAt: T(1) },
          ],
        });
        try {
          const patched = await setQuota("16");
          expect(patched.statusCode, patched.body).toBe(200);
          expect((await load(a.cookies, g.id)).json().quotaBytes).toBe(16 * KIB);
          const grow = await save(a.cookies, g.id, { set: [{ key: "c", value: "1", updatedAt: T(2) }] });
          expect(grow.statusCode).toBe(413);
          expect(grow.json().message).toBe("Cloud save full: this game's data would use 20 KiB of the 16 KiB allowed");
          // Removing (or shrinking) is accepted even though the data stays over the new quota until it fits.
          const shrunk = await saveOk(a.cookies, g.id, {
            set: [{ key: "b", value: "x".repeat(8 * KIB), updatedAt: T(2) }],
          });
          expect(shrunk.usedBytes).toBe(18 * KIB + 2);
          expect((await saveOk(a.cookies, g.id, { remove: [{ key: "b", updatedAt: T(3) }] })).usedBytes).toBe(
            10 * KIB + 1,
          );
          expect(
            (await saveOk(a.cookies, g.id, { set: [{ key: "c", value: "x".repeat(6 * KIB - 2), updatedAt: T(3) }] }))
              .usedBytes,
          ).toBe(16 * KIB);

          // The setting's own rules: a whole number of KiB from 16 to 10240, the error naming the field.
          for (const bad of ["15", "10241", "abc", "1.5", "-20"]) {
            const res = await setQuota(bad);
            expect(res.statusCode, bad).toBe(400);
            expect(res.json().message).toBe("Cloud save quota must be a whole number of KiB from 16 to 10240");
            expect(res.json().errors).toContainEqual({
              path: "body.site.cloud_save_quota_kib",
              message: "Cloud save quota must be a whole number of KiB from 16 to 10240",
            });
          }
          expect((await load(a.cookies, g.id)).json().quotaBytes).toBe(16 * KIB);
          expect((await setQuota("10240")).statusCode).toBe(200);
          expect((await load(a.cookies, g.id)).json().quotaBytes).toBe(10 * MIB);
        } finally {
          expect((await setQuota(" 1024 ")).statusCode).toBe(200);
        }
        expect((await load(a.cookies, g.id)).json().quotaBytes).toBe(MIB);
      });

      it("the Website Content editor cannot store an unusable quota either", async () => {
        const admin = await createUserWithSession(t(), { role: "admin" });
        const res = await t().app.inject({
          method: "POST",
          url: "/api/admin/website-content",
          cookies: admin.cookies,
          payload: { section: "site", key: "cloud_save_quota_kib", value: "5", valueType: "text" },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe("Cloud save quota must be a whole number of KiB from 16 to 10240");
      });
      it("a body larger than the quota allows is refused before it is read (413): by its Content-Length, or as it streams", async () => {
        const g = await insertGame(t(), { title: "Oversized Game" });
        const a = await createUserWithSession(t());
        // Not even JSON: had the parser or the validator run, the answer would be a 400.
        const notJson = "x".repeat(4 * MIB);
        const declared = await t().app.inject({
          method: "POST",
          url: `/api/games/${g.id}/saves`,
          cookies: a.cookies,
          headers: { "content-type": "application/json" },
          payload: notJson,
        });
        expect(declared.statusCode, declared.body).toBe(413);
        expect(declared.json()).toEqual({
          message: "Cloud save write too large: 4 MiB sent, at most 3 MiB accepted (this game's data may use 1 MiB)",
        });
        expect(declared.headers["cache-control"]).toBe("no-store");

        const streamed = await t().app.inject({
          method: "POST",
          url: `/api/games/${g.id}/saves`,
          cookies: a.cookies,
          headers: { "content-type": "application/json" },
          payload: Readable.from(Array.from({ length: 4 }, () => Buffer.from("x".repeat(MIB)))),
        });
        expect(streamed.statusCode, streamed.body).toBe(413);
        expect(streamed.json()).toEqual({
          message:
            "Cloud save write too large: more than 3 MiB sent, at most 3 MiB accepted (this game's data may use 1 MiB)",
        });
        expect(await rows(a.user.id, g.id)).toEqual([]);

        // The allowance follows the site's quota: at 16 KiB, 1.1 MiB is too much.
        try {
          expect((await setQuota("16")).statusCode).toBe(200);
          const lowered = await t().app.inject({
            method: "POST",
            url: `/api/games/${g.id}/saves`,
            cookies: a.cookies,
            headers: { "content-type": "application/json" },
            payload: "x".repeat(1.1 * MIB),
          });
          expect(lowered.statusCode).toBe(413);
          expect(lowered.json().message).toBe(
            "Cloud save write too large: 1.1 MiB sent, at most 1 MiB accepted (this game's data may use 16 KiB)",
          );
        } finally {
          expect((await setQuota("1024")).statusCode).toBe(200);
        }
      });

      it("a batch over the quota is refused before anything is written (no insert, update or delete runs)", async () => {
        const g = await insertGame(t(), { title: "Batch Quota Game" });
        const a = await createUserWithSession(t());
        await saveOk(a.cookies, g.id, { set: [{ key: "keep", value: "original", updatedAt: T(1) }] });
        const db = t().database.db;
        // A sequence is not rolled back with a transaction: it counts the write statements that ran.
        await db.execute(sql`create sequence test_save_writes`);
        await db.execute(sql`create function test_count_save_write() returns trigger language plpgsql as $$
          begin perform nextval('test_save_writes'); return null; end $$`);
        await db.execute(sql`create trigger test_save_writes after insert or update or delete on game_saves
          for each statement execute function test_count_save_write()`);
        try {
          const over = await save(a.cookies, g.id, {
            clear: { updatedAt: T(2) },
            set: Array.from({ length: 4 }, (_, i) => ({
              key: `part${i}`,
              value: "x".repeat(300 * KIB),
              updatedAt: T(2),
            })),
            remove: [{ key: "keep", updatedAt: T(2) }],
          });
          expect(over.statusCode).toBe(413);
          expect(over.json()).toEqual({
            message: "Cloud save full: this game's data would use 1.2 MiB of the 1 MiB allowed",
            code: "quota",
          });
          const [counter] = (await db.execute(sql`select is_called from test_save_writes`)).rows as Array<{
            is_called: boolean;
          }>;
          expect(counter.is_called).toBe(false);
          // The same batch within the quota writes (so the counter counts).
          await saveOk(a.cookies, g.id, {
            clear: { updatedAt: T(2) },
            set: [{ key: "part0", value: "x".repeat(300 * KIB), updatedAt: T(2) }],
          });
          const [after] = (await db.execute(sql`select is_called from test_save_writes`)).rows as Array<{
            is_called: boolean;
          }>;
          expect(after.is_called).toBe(true);
        } finally {
          await db.execute(sql`drop trigger test_save_writes on game_saves`);
          await db.execute(sql`drop function test_count_save_write()`);
          await db.execute(sql`drop sequence test_save_writes`);
        }
        expect(await values(a.cookies, g.id)).toEqual({ part0: "x".repeat(300 * KIB) });
      });
    });

    describe("isolation", () => {
      it("a player sees and changes only their own data, of the game in the URL; a userId in the body changes nothing", async () => {
        const g1 = await insertGame(t(), { title: "Isolation Game 1" });
        const g2 = await insertGame(t(), { title: "Isolation Game 2" });
        const a = await createUserWithSession(t());
        const b = await createUserWithSession(t());
        await saveOk(a.cookies, g1.id, { set: [{ key: "secret", value: "A's game 1", updatedAt: T(1) }] });
        await saveOk(a.cookies, g2.id, { set: [{ key: "other", value: "A's game 2", updatedAt: T(1) }] });

        expect((await load(b.cookies, g1.id)).json()).toEqual({ entries: [], usedBytes: 0, quotaBytes: MIB });
        expect(await values(a.cookies, g2.id)).toEqual({ other: "A's game 2" });

        // B writes, removes and clears under the same key while naming A in the body: only B's own store changes.
        await saveOk(b.cookies, g1.id, { userId: a.user.id, set: [{ key: "secret", value: "B's", updatedAt: T(2) }] });
        await saveOk(b.cookies, g1.id, { userId: a.user.id, clear: { updatedAt: T(9) } });
        expect(await values(a.cookies, g1.id)).toEqual({ secret: "A's game 1" });
        // A's clear of game 2 leaves game 1.
        await saveOk(a.cookies, g2.id, { clear: { updatedAt: T(9) } });
        expect(await values(a.cookies, g1.id)).toEqual({ secret: "A's game 1" });
        expect(await values(a.cookies, g2.id)).toEqual({});
        expect((await rows(b.user.id, g1.id)).length).toBe(0);
      });

      it("deleting a game or a player deletes their saves", async () => {
        const g = await insertGame(t(), { title: "Doomed Game" });
        const kept = await insertGame(t(), { title: "Kept Game" });
        const a = await createUserWithSession(t());
        const b = await createUserWithSession(t());
        for (const p of [a, b])
          for (const game of [g, kept])
            await saveOk(p.cookies, game.id, { set: [{ key: "k", value: "v", updatedAt: T(1) }] });
        const admin = await createUserWithSession(t(), { role: "admin" });
        expect(
          (await t().app.inject({ method: "DELETE", url: `/api/admin/games/${g.id}`, cookies: admin.cookies }))
            .statusCode,
        ).toBe(204);
        expect(await t().database.db.select().from(gameSavesTable).where(eq(gameSavesTable.gameId, g.id))).toEqual([]);
        expect((await rows(a.user.id, kept.id)).length).toBe(1);
        expect((await load(a.cookies, g.id)).statusCode).toBe(404);

        await t().database.db.delete(usersTable).where(eq(usersTable.id, a.user.id));
        expect(await t().database.db.select().from(gameSavesTable).where(eq(gameSavesTable.userId, a.user.id))).toEqual(
          [],
        );
        expect((await rows(b.user.id, kept.id)).length).toBe(1);
      });
    });

    describe("validation (400)", () => {
      const item = (over: object = {}) => ({ key: "k", value: "v", updatedAt: T(1), ...over });
      it.each([
        ["a key over 128 characters", { set: [item({ key: "k".repeat(129) })] }, "Key must be at most 128 characters"],
        [
          "a key of 129 emoji",
          { remove: [{ key: "🎮".repeat(129), updatedAt: T(1) }] },
          "Key must be at most 128 characters",
        ],
        ["an empty key", { set: [item({ key: "" })] }, "Key must not be empty"],
        ["a value that is not a string", { set: [item({ value: 42 })] }, "Value must be a string"],
        ["a lone surrogate", { set: [item({ value: "\ud800" })] }, "Value must be valid Unicode text"],
        [
          "a date that is not ISO",
          { set: [item({ updatedAt: "yesterday" })] },
          "updatedAt must be an ISO date-time such as 2026-01-31T12:00:00.000Z",
        ],
        [
          "a date without its zone",
          { clear: { updatedAt: "2026-01-01T12:00:00" } },
          "updatedAt must be an ISO date-time such as 2026-01-31T12:00:00.000Z",
        ],
        [
          "an impossible date",
          { remove: [{ key: "k", updatedAt: "2026-02-30T12:00:00Z" }] },
          "updatedAt must be an ISO date-time such as 2026-01-31T12:00:00.000Z",
        ],
        ["nothing to do", {}, "Nothing to save: send set, remove or clear"],
        [
          "1,001 items",
          {
            set: Array.from({ length: 600 }, (_, i) => item({ key: `s${i}` })),
            remove: Array.from({ length: 401 }, (_, i) => ({ key: `r${i}`, updatedAt: T(1) })),
          },
          "At most 1000 set and remove items per request",
        ],
      ])("refuses %s", async (_name, payload, message) => {
        const g = await insertGame(t(), { title: `Validation ${_name}` });
        const a = await createUserWithSession(t());
        const res = await save(a.cookies, g.id, payload);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(message);
        expect(await rows(a.user.id, g.id)).toEqual([]);
      });

      it("accepts 1,000 items, and refuses a malformed game id", async () => {
        const g = await insertGame(t(), { title: "Thousand Game" });
        const a = await createUserWithSession(t());
        const res = await saveOk(a.cookies, g.id, {
          set: Array.from({ length: 500 }, (_, i) => item({ key: `s${String(i).padStart(3, "0")}` })),
          remove: Array.from({ length: 500 }, (_, i) => ({ key: `r${i}`, updatedAt: T(1) })),
        });
        expect(res.entries).toHaveLength(500);
        expect(res.entries[0].key).toBe("s000");
        expect((await load(a.cookies, "abc" as unknown as number)).statusCode).toBe(400);
      });
    });

    it("concurrent writes of one player cannot go over the quota together", async () => {
      const g = await insertGame(t(), { title: "Race Quota Game" });
      const a = await createUserWithSession(t());
      const results = await Promise.all(
        ["one", "two", "three"].map((key) =>
          save(a.cookies, g.id, { set: [{ key, value: "x".repeat(400 * KIB), updatedAt: T(1) }] }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 413]);
      const stored = await rows(a.user.id, g.id);
      expect(stored).toHaveLength(2);
      expect(stored.reduce((s, r) => s + r.bytes, 0)).toBeLessThanOrEqual(MIB);
    });

    it("concurrent writes of one key keep the newer value, whichever commits last", async () => {
      const g = await insertGame(t(), { title: "Race Value Game" });
      const a = await createUserWithSession(t());
      for (let round = 0; round < 6; round++) {
        const key = `k${round}`;
        const writes = Array.from({ length: 4 }, (_, i) => ({ set: [{ key, value: `v${i}`, updatedAt: T(10 + i) }] }));
        // Newest first in some rounds, oldest first in others.
        if (round % 2) writes.reverse();
        const results = await Promise.all(writes.map((w) => save(a.cookies, g.id, w)));
        expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      }
      expect(await values(a.cookies, g.id)).toEqual({ k0: "v3", k1: "v3", k2: "v3", k3: "v3", k4: "v3", k5: "v3" });
    });

    it(`writes are rate-limited per player (429 with Retry-After); reads are not`, async () => {
      expect(rateLimitTable({ registrationsPerHour: 1, playsPerMinute: 1 }).cloudSave).toMatchObject({
        limit: 120,
        windowMs: 60_000,
      });
      const g = await insertGame(t(), { title: "Rate Game" });
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      for (let i = 0; i < TEST_WRITE_LIMIT; i++)
        await saveOk(a.cookies, g.id, { set: [{ key: "n", value: String(i), updatedAt: at() }] });
      const limited = await save(a.cookies, g.id, { set: [{ key: "n", value: "too many", updatedAt: at() }] });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json().message).toBe("Too many cloud save writes. Please slow down.");
      expect((await load(a.cookies, g.id)).statusCode).toBe(200);
      expect((await save(b.cookies, g.id, { set: [{ key: "n", value: "b", updatedAt: at() }] })).statusCode).toBe(200);
    });
  },
  { settings: { rateLimits: { cloudSave: { limit: TEST_WRITE_LIMIT } } } },
);

describeEachDatabase(
  "cloud save byte budget (issue 26)",
  (t) => {
    it("a player's bodies count against a budget of KiB a minute, before they are read (429 with Retry-After)", async () => {
      expect(rateLimitTable({ registrationsPerHour: 1, playsPerMinute: 1 }).cloudSaveKib).toMatchObject({
        limit: 32 * 1024,
        windowMs: 60_000,
      });
      const g = await insertGame(t(), { title: "Budget Game" });
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      const post = (cookies: Cookies, payload: string | Readable) =>
        t().app.inject({
          method: "POST",
          url: `/api/games/${g.id}/saves`,
          cookies,
          headers: { "content-type": "application/json" },
          payload,
        });
      const write = (key: string) => JSON.stringify({ set: [{ key, value: "x".repeat(30 * KIB), updatedAt: at() }] });
      expect((await post(a.cookies, write("one"))).statusCode).toBe(200);
      expect((await post(a.cookies, write("two"))).statusCode).toBe(200);
      // Over the budget: refused before parsing (this body is not JSON).
      const limited = await post(a.cookies, "y".repeat(30 * KIB));
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({ message: "Too much cloud save data sent. Please wait a minute." });
      // A body without a Content-Length counts too.
      const streamedB = await post(b.cookies, Readable.from([Buffer.from(write("b1"))]));
      expect(streamedB.statusCode, streamedB.body).toBe(200);
      expect((await post(b.cookies, Readable.from([Buffer.from(write("b2"))]))).statusCode).toBe(200);
      const streamedLimited = await post(b.cookies, Readable.from([Buffer.from(write("b3"))]));
      expect(streamedLimited.statusCode).toBe(429);
      expect(streamedLimited.json().message).toBe("Too much cloud save data sent. Please wait a minute.");
      const stored = await t()
        .database.db.select({ key: gameSavesTable.key, userId: gameSavesTable.userId })
        .from(gameSavesTable)
        .where(eq(gameSavesTable.gameId, g.id));
      expect(stored.map((r) => r.key).sort()).toEqual(["b1", "b2", "one", "two"]);
    });
  },
  { settings: { rateLimits: { cloudSaveKib: { limit: 64 } } } },
);
