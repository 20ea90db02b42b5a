import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_GAME_PAGE_SIZE, adminGameSchema } from "../../../contract/admin/games";
import { insertReview } from "../../../test/factories";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { buildZip, multipart } from "../../../test/uploads";
import { gamesTable, reviewsTable } from "../../db/schema";

const VALID = {
  title: "Sky Hopper",
  description: "Hop across the clouds.",
  imageUrl: "https://cdn.example.com/sky.png",
  externalUrl: "https://games.example.com/sky/",
};

describeEachDatabase(
  "admin games (spec §2 /cms/games, §5, §7)",
  (t) => {
    let cookies: { sid: string };
    beforeAll(async () => {
      ({ cookies } = await createUserWithSession(t(), { role: "admin" }));
    });
    const create = (payload: object) => t().app.inject({ method: "POST", url: "/api/admin/games", cookies, payload });
    const patch = (id: number | string, payload: object) =>
      t().app.inject({ method: "PATCH", url: `/api/admin/games/${id}`, cookies, payload });

    describe("GET /api/admin/games", () => {
      it("lists every game in the public Game shape, with its portal SDK adapter, package size and file count (D77)", async () => {
        const res = await t().app.inject({ method: "GET", url: "/api/admin/games", cookies });
        expect(res.statusCode).toBe(200);
        const list = res.json();
        expect(list.length).toBeGreaterThan(3);
        for (const g of list) expect(adminGameSchema.strict().safeParse(g).success).toBe(true);
      });

      it("pages newest first with the whole count, and searches titles (issue 12 item 2)", async () => {
        const all = await t().app.inject({
          method: "GET",
          url: `/api/admin/games?limit=${ADMIN_GAME_PAGE_SIZE.max}`,
          cookies,
        });
        const list = all.json() as Array<{ id: number; title: string; createdAt: string }>;
        const total = Number(all.headers["x-total-count"]);
        expect(total).toBe(list.length);
        expect(list.map((g) => g.createdAt)).toEqual([...list.map((g) => g.createdAt)].sort().reverse());
        const page = await t().app.inject({ method: "GET", url: "/api/admin/games?limit=2&offset=1", cookies });
        expect(page.json().map((g: { id: number }) => g.id)).toEqual(list.slice(1, 3).map((g) => g.id));
        expect(page.headers["x-total-count"]).toBe(String(total));
        // Title contains the search, case-insensitively; LIKE wildcards are text.
        const word = list[0].title.split(" ")[0];
        const found = await t().app.inject({
          method: "GET",
          url: `/api/admin/games?search=${encodeURIComponent(word.toUpperCase())}`,
          cookies,
        });
        const hits = found.json() as Array<{ title: string }>;
        expect(hits.length).toBeGreaterThan(0);
        expect(hits.every((g) => g.title.toLowerCase().includes(word.toLowerCase()))).toBe(true);
        expect(found.headers["x-total-count"]).toBe(
          String(list.filter((g) => g.title.toLowerCase().includes(word.toLowerCase())).length),
        );
        const none = await t().app.inject({ method: "GET", url: "/api/admin/games?search=%25%25no%25such", cookies });
        expect(none.json()).toEqual([]);
        for (const query of ["limit=0", `limit=${ADMIN_GAME_PAGE_SIZE.max + 1}`, "offset=-1"]) {
          expect(
            (await t().app.inject({ method: "GET", url: `/api/admin/games?${query}`, cookies })).statusCode,
            query,
          ).toBe(400);
        }
      });
    });

    describe("POST /api/admin/games (URL mode)", () => {
      it("creates a game with the spec's defaults: category 1, developer 'Unknown', plays 0, rating 0", async () => {
        const res = await create(VALID);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          ...VALID,
          categoryId: 1,
          developer: "Unknown",
          plays: 0,
          rating: 0,
          isFeatured: false,
          instructions: "Use your mouse or touchscreen to play.",
          frameUrl: VALID.externalUrl,
          releaseDate: null,
        });
        const pub = await t().app.inject({ method: "GET", url: `/api/games/${res.json().id}` });
        expect(pub.json().title).toBe("Sky Hopper");
      });

      it("takes every field of spec §7; releaseDate as a date or an ISO timestamp; the category id as an integer", async () => {
        const res = await create({
          ...VALID,
          categoryId: 3,
          developer: "Cloud Co",
          instructions: "Tap",
          isFeatured: true,
          plays: 12000,
          rating: 45,
          releaseDate: "2025-03-04T10:00:00.000Z",
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          categoryId: 3,
          developer: "Cloud Co",
          instructions: "Tap",
          isFeatured: true,
          featured: true,
          plays: 12000,
          rating: 45,
          releaseDate: "2025-03-04",
        });
        const res2 = await create({ ...VALID, categoryId: "2", releaseDate: "2024-12-31" });
        expect(res2.json()).toMatchObject({ categoryId: 2, releaseDate: "2024-12-31" });
      });

      it("validates in the spec's order with its messages", async () => {
        const cases: Array<[object, string | RegExp]> = [
          [{}, "Title is required"],
          [{ ...VALID, title: "   " }, "Title is required"],
          [{ ...VALID, title: undefined, description: "" }, "Title is required"],
          [{ ...VALID, description: "" }, "Description is required"],
          [{ ...VALID, imageUrl: "" }, "Image URL is required"],
          [{ ...VALID, externalUrl: "" }, "Game URL is required"],
          [{ ...VALID, externalUrl: "javascript:alert(1)" }, "Game URL must start with http:// or https://"],
          [{ ...VALID, externalUrl: "ftp://example.com/game" }, "Game URL must start with http:// or https://"],
          [{ ...VALID, imageUrl: "data:image/png;base64,AAAA" }, /Image URL must be/],
          [{ ...VALID, rating: 51 }, /Rating must be/],
          [{ ...VALID, plays: -1 }, /Plays must be/],
          [{ ...VALID, categoryId: 1.5 }, /Category must be/],
          [{ ...VALID, releaseDate: "yesterday" }, /Release date/],
          [{ ...VALID, title: "x".repeat(101) }, /at most 100/],
        ];
        for (const [body, message] of cases) {
          const res = await create(body);
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          if (typeof message === "string") expect(res.json().message).toBe(message);
          else expect(res.json().message).toMatch(message);
          expect(Array.isArray(res.json().errors)).toBe(true);
        }
      });

      it("an unknown category is 400", async () => {
        const res = await create({ ...VALID, categoryId: 9999 });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/Category 9999 does not exist/);
      });
    });

    describe("PATCH /api/admin/games/{id}", () => {
      it("changes only the listed fields, ignores anything else and keeps existing values for blank strings", async () => {
        const game = (
          await create({ ...VALID, plays: 500, rating: 30, developer: "Orig Dev", instructions: "Orig" })
        ).json();
        const res = await patch(game.id, {
          title: "Sky Hopper 2",
          description: "",
          imageUrl: "   ",
          externalUrl: null,
          developer: "",
          instructions: "New instructions",
          isFeatured: true,
          categoryId: 4,
          // none of these may change
          plays: 999999,
          rating: 50,
          id: 12345,
          hasPackage: true,
          createdAt: "2000-01-01T00:00:00Z",
        });
        expect(res.statusCode, res.body).toBe(200);
        const updated = res.json();
        expect(updated).toMatchObject({
          id: game.id,
          title: "Sky Hopper 2",
          description: VALID.description,
          imageUrl: VALID.imageUrl,
          externalUrl: VALID.externalUrl,
          developer: "Orig Dev",
          instructions: "New instructions",
          isFeatured: true,
          categoryId: 4,
          plays: 500,
          rating: 30,
          createdAt: game.createdAt,
        });
        const [row] = await t().database.db.select().from(gamesTable).where(eq(gamesTable.id, game.id));
        expect(row.hasPackage).toBe(false);
      });

      it("an empty body changes nothing; invalid values are 400; malformed ids 400, unknown 404", async () => {
        const game = (await create(VALID)).json();
        const same = await patch(game.id, {});
        expect(same.statusCode).toBe(200);
        expect(same.json().title).toBe(VALID.title);
        expect((await patch(game.id, { externalUrl: "javascript:alert(1)" })).statusCode).toBe(400);
        expect((await patch(game.id, { categoryId: 9999 })).statusCode).toBe(400);
        expect((await patch("abc", { title: "x" })).statusCode).toBe(400);
        expect((await patch(0, { title: "x" })).statusCode).toBe(400);
        const missing = await patch(999999, { title: "x" });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ message: "Game not found" });
      });
    });

    describe("DELETE /api/admin/games/{id}", () => {
      it("deletes the game with its reviews and its package files", async () => {
        const body = multipart(
          { title: "Doomed", description: "To be deleted", imageUrl: "/uploads/images/x.webp" },
          { field: "htmlFile", filename: "g.zip", content: buildZip([{ name: "index.html", data: "<p>doomed</p>" }]) },
        );
        const up = await t().app.inject({ method: "POST", url: "/api/admin/games/upload", cookies, ...body });
        expect(up.statusCode, up.body).toBe(201);
        const id = up.json().id as number;
        const dir = path.join(t().config.dataDir, "games", String(id));
        await fs.access(path.join(dir, "index.html"));
        const { user } = await createUserWithSession(t());
        await insertReview(t(), { userId: user.id, gameId: id, rating: 4 });

        const del = await t().app.inject({ method: "DELETE", url: `/api/admin/games/${id}`, cookies });
        expect(del.statusCode).toBe(204);
        expect(del.body).toBe("");
        await expect(fs.access(dir)).rejects.toThrow();
        expect((await t().app.inject({ method: "GET", url: `/api/games/${id}` })).statusCode).toBe(404);
        expect((await t().gamesApp.inject({ method: "GET", url: `/game-frame/${id}/` })).statusCode).toBe(404);
        expect(await t().database.db.select().from(reviewsTable).where(eq(reviewsTable.gameId, id))).toEqual([]);
        expect((await t().app.inject({ method: "DELETE", url: `/api/admin/games/${id}`, cookies })).statusCode).toBe(
          404,
        );
        expect((await t().app.inject({ method: "DELETE", url: `/api/admin/games/nope`, cookies })).statusCode).toBe(
          400,
        );
      });
    });
  },
  { demo: true },
);

describeEachDatabase("GET /api/admin/games page size (issue 12 item 2)", (t) => {
  it(`answers ${ADMIN_GAME_PAGE_SIZE.default} games when no limit is given, however many there are`, async () => {
    await t().database.db.execute(
      sql`insert into games (title, description, category_id) select 'Bulk Game ' || n, 'd', (select min(id) from categories) from generate_series(1, ${ADMIN_GAME_PAGE_SIZE.default + 5}) as n`,
    );
    const { cookies } = await createUserWithSession(t(), { role: "admin" });
    const res = await t().app.inject({ method: "GET", url: "/api/admin/games", cookies });
    expect(Number(res.headers["x-total-count"])).toBeGreaterThan(ADMIN_GAME_PAGE_SIZE.default);
    expect(res.json()).toHaveLength(ADMIN_GAME_PAGE_SIZE.default);
  });
});
