import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../../test/test-app";
import { MODERATOR_ROUTES, PUBLIC_ADMIN_ROUTES, isAdminUrl } from "./index";

/** Every route of the app's router as "METHOD /path", read from printRoutes (the router's own view). */
export function routerRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const out: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = line.match(/^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/);
    if (!m) continue;
    const depth = m[1].length / 4;
    const full = (stack[depth - 1] ?? "") + m[2];
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of (m[3] ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean))
      out.push({ method, url: full });
  }
  return out;
}

function sample(url: string): string {
  return url.replace(/:[A-Za-z]+/g, "999999");
}

type Who = "anonymous" | "player" | "moderator" | "moderatorOnPlayerSession" | "admin" | "adminOnPlayerSession";

async function call(t: TestApp, method: string, url: string, cookies?: { sid: string }) {
  const hasBody = method === "POST" || method === "PATCH" || method === "PUT";
  return t.app.inject({
    method: method as "GET",
    url: sample(url),
    cookies,
    ...(hasBody ? { payload: {}, headers: { "content-type": "application/json" } } : {}),
  });
}

describeEachDatabase(
  "admin access matrix (D43)",
  (t) => {
    it("the route table is the router's: every /api/admin route is in it, guarded unless it is one of the two sign-in routes", () => {
      const table = t().app.adminRouteTable;
      const fromRouter = routerRoutes(t().app).filter((r) => isAdminUrl(r.url));
      expect(fromRouter.length).toBeGreaterThanOrEqual(20);
      for (const r of fromRouter) {
        const entry = table.find((e) => e.method === r.method && e.url === r.url);
        expect(entry, `${r.method} ${r.url} is missing from the admin route table`).toBeDefined();
        expect(entry!.guarded).toBe(!PUBLIC_ADMIN_ROUTES.has(`${r.method} ${r.url}`));
      }
      const keys = new Set(table.map((e) => `${e.method} ${e.url}`));
      for (const expected of [
        "GET /api/admin/user",
        "GET /api/admin/dashboard",
        "GET /api/admin/games",
        "POST /api/admin/games",
        "PATCH /api/admin/games/:id",
        "DELETE /api/admin/games/:id",
        "POST /api/admin/games/upload",
        "POST /api/admin/upload-image",
        "GET /api/admin/categories",
        "POST /api/admin/categories",
        "PATCH /api/admin/categories/:id",
        "DELETE /api/admin/categories/:id",
        "GET /api/admin/website-content",
        "POST /api/admin/website-content",
        "PATCH /api/admin/website-content/:id",
        "DELETE /api/admin/website-content/:id",
        "GET /api/admin/users",
        "PATCH /api/admin/users/:id",
        "GET /api/admin/settings",
        "PATCH /api/admin/settings",
        "GET /api/admin/messages",
        "GET /api/admin/reports",
        "POST /api/admin/reports/:id/action",
        "POST /api/admin/moderation/mutes/:userId",
        "DELETE /api/admin/moderation/mutes/:userId",
        "GET /api/admin/audit",
      ]) {
        expect(keys.has(expected), expected).toBe(true);
      }
      // D96: the moderators' list names real routes only (a renamed route must not silently drop out of it)
      for (const allowed of MODERATOR_ROUTES)
        expect(keys.has(allowed), `${allowed} (MODERATOR_ROUTES) is not a route`).toBe(true);
    });

    describe("every guarded /api/admin route × anonymous, player, moderator, admin", () => {
      it("anonymous → 401, player → 403, moderator → 403 outside their routes, on a player session → 401, admin → neither (D43, D13, D96)", async () => {
        const player = await createUserWithSession(t());
        const moderator = await createUserWithSession(t(), { role: "moderator" });
        const moderatorOnPlayerSession = await createUserWithSession(t(), { role: "moderator", kind: "player" });
        const admin = await createUserWithSession(t(), { role: "admin" });
        const adminOnPlayerSession = await createUserWithSession(t(), { role: "admin", kind: "player" });
        const routes = t().app.adminRouteTable.filter((r) => r.guarded);
        expect(routes.length).toBeGreaterThanOrEqual(20);
        // D96: exactly the moderators' routes let them through; both lists are non-empty, so neither branch is vacuous
        const forModerators = routes.filter((r) => r.moderators);
        expect(forModerators.length).toBeGreaterThanOrEqual(5);
        expect(routes.length - forModerators.length).toBeGreaterThanOrEqual(20);
        const passes = (s: number) => s !== 401 && s !== 403 && s < 500;
        const expectations: Record<Who, (status: number, moderators: boolean) => boolean> = {
          anonymous: (s) => s === 401,
          player: (s) => s === 403,
          moderator: (s, moderators) => (moderators ? passes(s) : s === 403),
          moderatorOnPlayerSession: (s, moderators) => s === (moderators ? 401 : 403),
          adminOnPlayerSession: (s) => s === 401,
          admin: (s) => passes(s),
        };
        const cookiesFor: Record<Who, { sid: string } | undefined> = {
          anonymous: undefined,
          player: player.cookies,
          moderator: moderator.cookies,
          moderatorOnPlayerSession: moderatorOnPlayerSession.cookies,
          adminOnPlayerSession: adminOnPlayerSession.cookies,
          admin: admin.cookies,
        };
        const failures: string[] = [];
        for (const route of routes) {
          for (const who of Object.keys(expectations) as Who[]) {
            const res = await call(t(), route.method, route.url, cookiesFor[who]);
            if (!expectations[who](res.statusCode, route.moderators))
              failures.push(`${who} ${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
            if (!passes(res.statusCode) && route.method !== "HEAD") expect(res.json()).toHaveProperty("message");
            if (who === "admin" && route.url.startsWith("/api/admin/") && !route.url.startsWith("/api/admin/chat")) {
              if (res.headers["cache-control"] !== "no-store")
                failures.push(`${route.method} ${route.url} is cacheable`);
            }
          }
        }
        expect(failures).toEqual([]);
      });

      it("the guard runs before validation: a player learns nothing from a malformed id or body", async () => {
        const player = await createUserWithSession(t());
        for (const url of [
          "/api/admin/games/abc",
          "/api/admin/categories/-1",
          "/api/admin/website-content/1.5",
          "/api/admin/users/x",
        ]) {
          const res = await t().app.inject({
            method: "PATCH",
            url,
            cookies: player.cookies,
            payload: { nonsense: true },
          });
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ message: "Admins only" });
        }
      });

      it("the two sign-in routes stay reachable without a session (D42)", async () => {
        const res = await t().app.inject({
          method: "POST",
          url: "/api/admin/request-otp",
          payload: { email: "nobody@example.org" },
        });
        expect(res.statusCode).toBe(200);
        const verify = await t().app.inject({
          method: "POST",
          url: "/api/admin/verify-otp",
          payload: { email: "nobody@example.org", otp: "123456", otpSecret: "x" },
        });
        expect(verify.statusCode).toBe(401);
      });
    });
  },
  { demo: false },
);
