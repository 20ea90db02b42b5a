import { beforeAll, expect, it } from "vitest";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";

describeEachDatabase(
  "admin dashboard",
  (t) => {
    let admin: Awaited<ReturnType<typeof createUserWithSession>>;
    beforeAll(async () => {
      admin = await createUserWithSession(t(), { role: "admin", username: "chief" });
    });
    const req = (method: "GET" | "PATCH", url: string, payload?: object) =>
      t().app.inject({ method, url, cookies: admin.cookies, ...(payload ? { payload } : {}) });

    it("the dashboard counts (spec §3: counts.games, counts.categories)", async () => {
      const res = await req("GET", "/api/admin/dashboard");
      expect(res.statusCode).toBe(200);
      const games = (await t().app.inject({ method: "GET", url: "/api/games" })).json();
      expect(res.json().counts).toMatchObject({ games: games.length, categories: 6 });
      expect(res.json().counts.users).toBeGreaterThan(10);
      expect(res.json().counts.admins).toBeGreaterThanOrEqual(1);
    });
  },
  { demo: true },
);
