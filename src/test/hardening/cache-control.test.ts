import { beforeAll, expect, it } from "vitest";
import { createUserWithSession } from "../test-app";
import { describeHardened } from "./harness";

/**
 * Personal responses must not be stored by a browser's or a proxy's cache
 * (`Cache-Control: no-store`). The routes are discovered from the app itself (as the admin access matrix does), and
 * every GET is asked by a signed-in player and by an administrator: each answer either says no-store, or is the
 * same as a signed-out visitor's (it holds nothing personal: the public catalogue reads and pages, which set their
 * own Cache-Control and do not even look the session up). Routes as different as /api/auth/user, /api/chat and
 * /api/leaderboard are covered.
 */
const SKIP = new Set([
  "/api/auth/logout", // these two sign out (their own tests)
  "/api/logout",
]);

/** A server-rendered page carries the time it was rendered (renderedAt, dehydratedAt: milliseconds since 1970). */
const withoutClock = (body: string) => body.replace(/\b\d{13}\b/g, "<ms>");

function sample(url: string, ids: Record<string, string>): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? "1").replace(/\*$/, "");
}

describeHardened(
  "Cache-Control: no-store on every personal response (issue 17)",
  (t) => {
    let player: Awaited<ReturnType<typeof createUserWithSession>>;
    let admin: Awaited<ReturnType<typeof createUserWithSession>>;
    beforeAll(async () => {
      player = await createUserWithSession(t());
      admin = await createUserWithSession(t(), { role: "admin" });
    });

    it("every GET answered to a signed-in player or admin is no-store, or the same as the signed-out answer", async () => {
      const routes = t()
        .routes.filter((r) => (Array.isArray(r.method) ? r.method : [r.method]).includes("GET"))
        .filter((r) => !(r as { websocket?: boolean }).websocket && !SKIP.has(r.url));
      expect(routes.length).toBeGreaterThan(50);
      const problems: string[] = [];
      for (const r of routes) {
        for (const who of [player, admin]) {
          const url = sample(r.url, { userId: String(who.user.id), username: who.user.username });
          const signedIn = await t().site.inject({ method: "GET", url, cookies: who.cookies });
          const cacheControl = String(signedIn.headers["cache-control"] ?? "");
          if (/no-store/.test(cacheControl)) continue;
          const anonymous = await t().site.inject({ method: "GET", url });
          if (
            anonymous.statusCode === signedIn.statusCode &&
            withoutClock(anonymous.body) === withoutClock(signedIn.body)
          )
            continue;
          problems.push(
            `${url} (${who.user.role}) → ${signedIn.statusCode}, Cache-Control: ${cacheControl || "(none)"}`,
          );
        }
      }
      expect(problems).toEqual([]);
    });

    it("sign-in and registration answers (they set the session cookie) are no-store", async () => {
      const reg = await t().site.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { username: "cache_probe", password: "long-enough-pass" },
      });
      expect(reg.statusCode).toBe(201);
      expect(reg.headers["cache-control"]).toMatch(/no-store/);
      const login = await t().site.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "cache_probe", password: "long-enough-pass" },
      });
      expect(login.statusCode).toBe(200);
      expect(login.headers["cache-control"]).toMatch(/no-store/);
    });
  },
  { demo: true },
);
