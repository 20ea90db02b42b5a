import { expect, it } from "vitest";
import { categorySchema } from "../../../contract/categories";
import { asAdmin, describeEachDatabase } from "../../../test/test-app";

describeEachDatabase(
  "admin categories (D46)",
  (t) => {
    const { req } = asAdmin(t);

    it("lists categories with game counts", async () => {
      const res = await req("GET", "/api/admin/categories");
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list).toHaveLength(6);
      for (const c of list) expect(categorySchema.strict().safeParse(c).success).toBe(true);
      const games = (await t().app.inject({ method: "GET", url: "/api/games" })).json() as Array<{
        categoryId: number;
      }>;
      for (const c of list) expect(c.gameCount).toBe(games.filter((g) => g.categoryId === c.id).length);
    });

    it("creates a category (201), visible on the public API; a duplicate slug is 409", async () => {
      const res = await req("POST", "/api/admin/categories", {
        name: "Board Games",
        slug: "board-games",
        description: "Chess and friends",
        imageUrl: "/uploads/images/board.webp",
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ name: "Board Games", slug: "board-games", gameCount: 0 });
      const pub = await t().app.inject({ method: "GET", url: "/api/categories/board-games" });
      expect(pub.statusCode).toBe(200);
      const dup = await req("POST", "/api/admin/categories", { name: "Other", slug: "board-games" });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe("A category with this slug already exists");
    });

    it("checks the slug format and refuses the reserved slugs new, hot and featured", async () => {
      for (const slug of ["Board", "board games", "-board", "board--games", "board-", "", "ünïcode"]) {
        const res = await req("POST", "/api/admin/categories", { name: "X", slug });
        expect(res.statusCode, slug).toBe(400);
      }
      for (const slug of ["new", "hot", "featured"]) {
        const res = await req("POST", "/api/admin/categories", { name: "X", slug });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/reserved/);
      }
      expect((await req("POST", "/api/admin/categories", { slug: "nameless" })).json().message).toBe(
        "Name is required",
      );
      expect(
        (await req("POST", "/api/admin/categories", { name: "X", slug: "x", imageUrl: "javascript:alert(1)" }))
          .statusCode,
      ).toBe(400);
    });

    it("edits name, slug, description and image; a taken slug is 409; unknown 404, malformed 400", async () => {
      const created = (await req("POST", "/api/admin/categories", { name: "Cards", slug: "cards" })).json();
      const res = await req("PATCH", `/api/admin/categories/${created.id}`, {
        name: "Card Games",
        slug: "card-games",
        description: "Solitaire",
        imageUrl: "https://cdn.example.com/c.png",
        gameCount: 99,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: created.id,
        name: "Card Games",
        slug: "card-games",
        description: "Solitaire",
        imageUrl: "https://cdn.example.com/c.png",
        gameCount: 0,
      });
      expect((await req("PATCH", `/api/admin/categories/${created.id}`, { slug: "puzzle" })).statusCode).toBe(409);
      expect((await req("PATCH", `/api/admin/categories/${created.id}`, { slug: "card-games" })).statusCode).toBe(200);
      expect((await req("PATCH", `/api/admin/categories/${created.id}`, { name: "" })).statusCode).toBe(400);
      expect((await req("PATCH", "/api/admin/categories/999999", { name: "x" })).statusCode).toBe(404);
      expect((await req("PATCH", "/api/admin/categories/x1", { name: "x" })).statusCode).toBe(400);
    });

    it("refuses to delete a category that has games (409 with the spec's text); an empty one is deleted (204)", async () => {
      const list = (await req("GET", "/api/admin/categories")).json() as Array<{
        id: number;
        slug: string;
        gameCount: number;
      }>;
      const full = list.find((c) => c.gameCount > 1)!;
      const res = await req("DELETE", `/api/admin/categories/${full.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: `This category contains ${full.gameCount} games. You must reassign or delete those games first.`,
      });
      expect((await t().app.inject({ method: "GET", url: `/api/categories/${full.slug}` })).statusCode).toBe(200);

      const empty = (await req("POST", "/api/admin/categories", { name: "Temp", slug: "temp" })).json();
      const del = await req("DELETE", `/api/admin/categories/${empty.id}`);
      expect(del.statusCode).toBe(204);
      expect((await t().app.inject({ method: "GET", url: "/api/categories/temp" })).statusCode).toBe(404);
      expect((await req("DELETE", `/api/admin/categories/${empty.id}`)).statusCode).toBe(404);
    });
  },
  { demo: false },
);
