import { describe, expect, it } from "vitest";
import { categorySchema } from "../../contract/categories";
import { describeEachDatabase } from "../../test/test-app";

describeEachDatabase("categories API", (t) => {
  describe("categories", () => {
    it("GET /api/categories lists the six seeded categories with game counts and local covers", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/categories" });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.map((c: { slug: string }) => c.slug)).toEqual(
        expect.arrayContaining(["action", "adventure", "puzzle", "strategy", "racing", "sports"]),
      );
      const games = (await t().app.inject({ method: "GET", url: "/api/games" })).json() as Array<{
        categorySlug: string;
      }>;
      for (const c of list) {
        expect(categorySchema.strict().safeParse(c).success).toBe(true);
        expect(c.gameCount).toBe(games.filter((g) => g.categorySlug === c.slug).length);
        expect(c.imageUrl).toMatch(/^\/uploads\//);
        const img = await t().app.inject({ method: "GET", url: c.imageUrl });
        expect(img.statusCode).toBe(200);
        expect(img.headers["content-type"]).toContain("image/svg+xml");
      }
    });
    it("GET /api/categories/{slug} returns one category or 404", async () => {
      const ok = await t().app.inject({ method: "GET", url: "/api/categories/racing" });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().name).toBe("Racing");
      const missing = await t().app.inject({ method: "GET", url: "/api/categories/nope" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: "Category not found" });
    });
  });
});
