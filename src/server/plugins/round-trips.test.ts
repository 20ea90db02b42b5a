import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, createUserWithSession, type TestApp } from "../../test/test-app";

/**
 * At most one database round trip per signed-in read that needs the session, and none
 * for a cached public read, signed in or not. Counted on PostgreSQL, where every query is a call of the
 * pool's `query` (Drizzle's node-postgres driver). The session itself is resolved from this process's
 * session cache after its first lookup (ADR 009).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "database round trips per request (PostgreSQL, needs TEST_DATABASE_URL)",
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp("postgres");
    });
    afterAll(async () => {
      await t?.close();
    });

    async function roundTrips(run: () => Promise<{ statusCode: number }>, expectedStatus = 200): Promise<number> {
      const spy = vi.spyOn(t.database.pool!, "query");
      try {
        const res = await run();
        expect(res.statusCode).toBe(expectedStatus);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    }

    it("the signed-in user's own record (GET /api/auth/user): one lookup, then none", async () => {
      const { cookies } = await createUserWithSession(t);
      expect(await roundTrips(() => t.app.inject({ method: "GET", url: "/api/auth/user", cookies }))).toBe(1);
      expect(await roundTrips(() => t.app.inject({ method: "GET", url: "/api/auth/user", cookies }))).toBe(0);
    });

    it("signed-in reads of the session's own data: one round trip each once the session is known", async () => {
      const { cookies } = await createUserWithSession(t, { role: "admin" });
      const reads = ["/api/admin/games?limit=10", "/api/admin/users", "/api/admin/categories"];
      await t.app.inject({ method: "GET", url: "/api/auth/user", cookies });
      // the admin guard reads the site's switches (two-step sign-in required of staff?) from the per-process
      // cache of the community settings (services/community-settings.ts), loaded by the first admin request like the session
      await t.app.inject({ method: "GET", url: "/api/admin/dashboard", cookies });
      for (const url of reads)
        expect(await roundTrips(() => t.app.inject({ method: "GET", url, cookies })), url).toBeLessThanOrEqual(1);
    });

    it("a cached public read: none, with or without a session (the session is not looked up)", async () => {
      const { cookies } = await createUserWithSession(t);
      const [game] = (await t.app.inject({ method: "GET", url: "/api/games?limit=1" })).json();
      await t.app.inject({ method: "GET", url: `/api/games/${game.id}` });
      for (const url of [`/api/games/${game.id}`, "/api/games?limit=1", "/api/categories"]) {
        await t.app.inject({ method: "GET", url });
        expect(await roundTrips(() => t.app.inject({ method: "GET", url })), url).toBe(0);
        expect(await roundTrips(() => t.app.inject({ method: "GET", url, cookies })), `${url} signed in`).toBe(0);
      }
    });

    it("an expired or unknown session on a route that needs one: a lookup every time (refusals are not cached), then 401", async () => {
      for (let i = 0; i < 2; i++) {
        expect(
          await roundTrips(
            () => t.app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid: "not-a-session" } }),
            401,
          ),
        ).toBe(1);
      }
    });
  },
);
