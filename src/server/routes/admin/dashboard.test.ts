import { expect, it } from "vitest";
import { asAdmin, describeEachDatabase } from "../../../test/test-app";

describeEachDatabase(
  "admin dashboard",
  (t) => {
    const { req } = asAdmin(t, { username: "chief" });

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
