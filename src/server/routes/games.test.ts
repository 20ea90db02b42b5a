import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../contract/common";
import { GAME_PAGE_SIZE, gameSchema, SEARCH_RESULTS_CAP } from "../../contract/games";
import { insertGame } from "../../test/factories";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { gamesTable, playsTable } from "../db/schema";

async function addGame(t: TestApp, values: Partial<typeof gamesTable.$inferInsert> & { title: string }) {
  const row = await insertGame(t, { description: `About ${values.title}`, category: "puzzle", ...values });
  // Written behind the application's back: the cached public reads (ADR 008) are told, as a route would.
  await t.app.reads.invalidate();
  return row;
}

describeEachDatabase("games API", (t) => {
  it("a URL whose parameter is too long is 414 with a short message that does not repeat the URL (D60)", async () => {
    const res = await t().app.inject({
      method: "GET",
      url: `/api/games/${"x".repeat(250)}%20UNION%20SELECT%20password_hash%20FROM%20users/reviews`,
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: "URL too long" });
  });

  describe("GET /api/games", () => {
    it("lists every game with every field of spec §3 plus categorySlug and frameUrl", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/games" });
      expect(res.statusCode).toBe(200);
      const games = res.json();
      const [{ n }] = (await t().database.db.execute(sql`select count(*)::int as n from games`)).rows as Array<{
        n: number;
      }>;
      expect(n).toBeGreaterThanOrEqual(3);
      expect(games).toHaveLength(n);
      expect(res.headers["x-total-count"]).toBe(String(n));
      for (const g of games) {
        expect(gameSchema.strict().safeParse(g).success).toBe(true);
        expect(g.featured).toBe(g.isFeatured);
      }
    });

    it("computes frameUrl from externalUrl or the games origin (D20)", async () => {
      const ext = await addGame(t(), { title: "Frame External", externalUrl: "https://example.org/game/" });
      const res = await t().app.inject({ method: "GET", url: "/api/games?search=Frame%20External" });
      expect(res.json()[0].frameUrl).toBe("https://example.org/game/");
      const builtin = (await t().app.inject({ method: "GET", url: "/api/games?limit=1&sort=popular" })).json()[0];
      expect(builtin.frameUrl).toBe(`${t().config.gamesUrl}/game-frame/${builtin.id}/`);
      expect(ext.id).toBeGreaterThan(0);
    });

    it("searches titles case-insensitively and treats LIKE wildcards as text", async () => {
      await addGame(t(), { title: "Zebra Zoom 100%" });
      await addGame(t(), { title: "Zebra Zoom 1000" });
      const upper = (await t().app.inject({ method: "GET", url: "/api/games?search=ZEBRA%20zoom" })).json();
      expect(upper.map((g: { title: string }) => g.title).sort()).toEqual(["Zebra Zoom 100%", "Zebra Zoom 1000"]);
      const percent = (
        await t().app.inject({ method: "GET", url: `/api/games?search=${encodeURIComponent("100%")}` })
      ).json();
      expect(percent.map((g: { title: string }) => g.title)).toEqual(["Zebra Zoom 100%"]);
      const none = await t().app.inject({ method: "GET", url: "/api/games?search=nothing-matches-this" });
      expect(none.json()).toEqual([]);
      expect(none.headers["x-total-count"]).toBe("0");
    });

    it("filters by category slug and by the pseudo-slugs new, hot and featured", async () => {
      const all = (await t().app.inject({ method: "GET", url: "/api/games" })).json() as Array<Record<string, unknown>>;
      const puzzle = (await t().app.inject({ method: "GET", url: "/api/games?category=puzzle" })).json();
      expect(puzzle.length).toBe(all.filter((g) => g.categorySlug === "puzzle").length);
      for (const [slug, field] of [
        ["new", "new"],
        ["hot", "hot"],
        ["featured", "isFeatured"],
      ] as const) {
        const list = (await t().app.inject({ method: "GET", url: `/api/games?category=${slug}` })).json();
        expect(list.length).toBe(all.filter((g) => g[field]).length);
      }
    });

    it("sorts by newest, popularity and rating", async () => {
      await addGame(t(), {
        title: "Sort Probe Top",
        plays: 99_999_999,
        rating: 50,
        createdAt: new Date(Date.now() + 60_000),
      });
      for (const [sort, key] of [
        ["newest", "createdAt"],
        ["popular", "plays"],
        ["rating", "rating"],
      ] as const) {
        const list = (await t().app.inject({ method: "GET", url: `/api/games?sort=${sort}` })).json();
        expect(list[0].title).toBe("Sort Probe Top");
        const values = list.map((g: Record<string, string | number>) => g[key]);
        const sorted = [...values].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
        expect(values).toEqual(sorted);
      }
    });

    it("pages with limit and offset and reports the total", async () => {
      const all = (await t().app.inject({ method: "GET", url: "/api/games?sort=popular" })).json();
      const page = await t().app.inject({ method: "GET", url: "/api/games?sort=popular&limit=2&offset=1" });
      expect(page.json().map((g: { id: number }) => g.id)).toEqual(all.slice(1, 3).map((g: { id: number }) => g.id));
      expect(page.headers["x-total-count"]).toBe(String(all.length));
    });

    it.each([["sort=cheapest"], ["limit=0"], ["limit=101"], ["offset=-1"], ["limit=abc"], ["category=Bad_Slug!"]])(
      "rejects the malformed query %s with 400 and field errors (D60)",
      async (query) => {
        const res = await t().app.inject({ method: "GET", url: `/api/games?${query}` });
        expect(res.statusCode).toBe(400);
        const body = errorResponseSchema.parse(res.json());
        expect(body.errors?.length).toBeGreaterThan(0);
      },
    );
  });

  describe("page sizes (issue 12 item 2)", () => {
    // More games than one default page, all featured, in the puzzle category: added once for the three tests below.
    const extra = GAME_PAGE_SIZE.default + 6;
    let total = 0;
    let featuredTotal = 0;
    it("GET /api/games without a limit answers the first page of the default size, with the whole count", async () => {
      for (let i = 0; i < extra; i++)
        await addGame(t(), { title: `Paging Game ${i}`, isFeatured: true, plays: (i * 37) % 11 });
      const count = async (where: string) =>
        (
          (await t().database.db.execute(sql.raw(`select count(*)::int as n from games ${where}`))).rows[0] as {
            n: number;
          }
        ).n;
      total = await count("");
      featuredTotal = await count("where is_featured");
      expect(total).toBeGreaterThan(GAME_PAGE_SIZE.default);
      expect(featuredTotal).toBeGreaterThan(GAME_PAGE_SIZE.default);

      const res = await t().app.inject({ method: "GET", url: "/api/games" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(GAME_PAGE_SIZE.default);
      expect(res.headers["x-total-count"]).toBe(String(total));
      const max = await t().app.inject({ method: "GET", url: `/api/games?limit=${GAME_PAGE_SIZE.max}` });
      expect(max.json()).toHaveLength(Math.min(total, GAME_PAGE_SIZE.max));
      const over = await t().app.inject({ method: "GET", url: `/api/games?limit=${GAME_PAGE_SIZE.max + 1}` });
      expect(over.statusCode).toBe(400);
    });

    it("GET /api/games/featured pages the same way, most played first, and counts them all", async () => {
      const first = await t().app.inject({ method: "GET", url: "/api/games/featured" });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toHaveLength(GAME_PAGE_SIZE.default);
      expect(first.headers["x-total-count"]).toBe(String(featuredTotal));
      const all = (
        await t().app.inject({ method: "GET", url: `/api/games/featured?limit=${GAME_PAGE_SIZE.max}` })
      ).json() as Array<{
        id: number;
        plays: number;
        isFeatured: boolean;
      }>;
      expect(all).toHaveLength(featuredTotal);
      expect(all.every((g) => g.isFeatured)).toBe(true);
      expect(all.map((g) => g.plays)).toEqual([...all.map((g) => g.plays)].sort((a, b) => b - a));
      const second = (
        await t().app.inject({ method: "GET", url: `/api/games/featured?limit=5&offset=5` })
      ).json() as Array<{ id: number }>;
      expect(second.map((g) => g.id)).toEqual(all.slice(5, 10).map((g) => g.id));
      for (const query of ["limit=0", `limit=${GAME_PAGE_SIZE.max + 1}`, "offset=-1", "limit=abc"]) {
        expect((await t().app.inject({ method: "GET", url: `/api/games/featured?${query}` })).statusCode, query).toBe(
          400,
        );
      }
    });

    it("GET /api/games/category/{slug} pages the same way, newest first, and counts them all", async () => {
      const [{ n }] = (
        await t().database.db.execute(
          sql`select count(*)::int as n from games g join categories c on c.id = g.category_id where c.slug = 'puzzle'`,
        )
      ).rows as Array<{ n: number }>;
      expect(n).toBeGreaterThan(GAME_PAGE_SIZE.default);
      const first = await t().app.inject({ method: "GET", url: "/api/games/category/puzzle" });
      expect(first.json()).toHaveLength(GAME_PAGE_SIZE.default);
      expect(first.headers["x-total-count"]).toBe(String(n));
      const all = (
        await t().app.inject({ method: "GET", url: `/api/games/category/puzzle?limit=${GAME_PAGE_SIZE.max}` })
      ).json() as Array<{
        id: number;
        categorySlug: string;
        createdAt: string;
      }>;
      expect(all).toHaveLength(Math.min(n, GAME_PAGE_SIZE.max));
      expect(all.every((g) => g.categorySlug === "puzzle")).toBe(true);
      expect(all.map((g) => g.createdAt)).toEqual([...all.map((g) => g.createdAt)].sort().reverse());
      const second = (
        await t().app.inject({ method: "GET", url: "/api/games/category/puzzle?limit=12&offset=12" })
      ).json() as Array<{ id: number }>;
      expect(second.map((g) => g.id)).toEqual(all.slice(12, 24).map((g) => g.id));
      // The same page as the category screen reads it through GET /api/games.
      const viaList = (
        await t().app.inject({ method: "GET", url: "/api/games?category=puzzle&sort=newest&limit=12&offset=12" })
      ).json() as Array<{
        id: number;
      }>;
      expect(viaList.map((g) => g.id)).toEqual(second.map((g) => g.id));
      for (const query of ["limit=0", `limit=${GAME_PAGE_SIZE.max + 1}`, "offset=-1"]) {
        expect(
          (await t().app.inject({ method: "GET", url: `/api/games/category/puzzle?${query}` })).statusCode,
          query,
        ).toBe(400);
      }
    });
  });

  it("GET /api/games/featured returns only featured games", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/games/featured" });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((g: { isFeatured: boolean }) => g.isFeatured)).toBe(true);
  });

  describe("search relevance (issue 12 item 3)", () => {
    type Listed = { id: number; title: string };
    const search = async (query: string) => {
      const res = await t().app.inject({ method: "GET", url: `/api/games?${query}` });
      expect(res.statusCode).toBe(200);
      const games = res.json() as Listed[];
      return { titles: games.map((g) => g.title), total: Number(res.headers["x-total-count"]), games };
    };

    it("forgives a typo in a title word: the closest title first", async () => {
      await addGame(t(), { title: "Quasarine Gauntlet", description: "Run the gauntlet." });
      const typo = await search("search=Quasrine");
      expect(typo.titles[0]).toBe("Quasarine Gauntlet");
      expect(typo.total).toBe(typo.games.length);
      // The seeded built-in game, misspelt.
      expect((await search("search=Astroid")).titles[0]).toBe("Asteroid Drift");
    });

    it("finds a title whatever the order of its words", async () => {
      expect((await search("search=Gauntlet%20Quasarine")).titles[0]).toBe("Quasarine Gauntlet");
      expect((await search("search=drift%20asteroid")).titles[0]).toBe("Asteroid Drift");
    });

    it("finds a word that is only in the description", async () => {
      const game = await addGame(t(), {
        title: "Moonlit Orchard",
        description: "Harvest the glowberries before dawn.",
      });
      const found = await search("search=GLOWBERRIES");
      expect(found.games.map((g) => g.id)).toEqual([game.id]);
      expect(found.total).toBe(1);
    });

    it("ranks the exact title above a match in the description, unless a sort is asked for", async () => {
      const exact = await addGame(t(), { title: "Pebblewick", plays: 10, createdAt: new Date(Date.now() - 60_000) });
      // More played and newer: first by either sort, but only its description names the term.
      const described = await addGame(t(), {
        title: "Lantern Keeper",
        description: "The sequel to Pebblewick, with more lanterns.",
        plays: 5_000,
      });
      const ranked = await search("search=pebblewick");
      expect(ranked.games.map((g) => g.id)).toEqual([exact.id, described.id]);
      expect(ranked.total).toBe(2);
      for (const sort of ["popular", "newest"]) {
        expect((await search(`search=pebblewick&sort=${sort}`)).games.map((g) => g.id)).toEqual([
          described.id,
          exact.id,
        ]);
      }
    });

    it("ranks a title that starts with the term above one that only resembles it, and pages the ranked list", async () => {
      const prefix = await addGame(t(), { title: "Gloamwright Saga", plays: 1 });
      const similar = await addGame(t(), { title: "Glomwright", plays: 9_000 });
      const ranked = await search("search=gloamwright");
      expect(ranked.games.map((g) => g.id)).toEqual([prefix.id, similar.id]);
      const second = await search("search=gloamwright&limit=1&offset=1");
      expect(second.games.map((g) => g.id)).toEqual([similar.id]);
      expect(second.total).toBe(2);
    });
  });

  it("counts a search's matches up to SEARCH_RESULTS_CAP, says when it found more, and ends its pages there (ADR 026)", async () => {
    const db = t().database.db;
    await db.execute(sql`insert into games (title, description, category_id)
      select 'Quillfish ' || g, 'A fish of the deep.', (select min(id) from categories)
      from generate_series(1, ${SEARCH_RESULTS_CAP + 1}) as g`);
    try {
      const page = async (query: string) => {
        const res = await t().app.inject({ method: "GET", url: `/api/games?search=quillfish${query}` });
        expect(res.statusCode).toBe(200);
        return { titles: (res.json() as Array<{ title: string }>).map((g) => g.title), headers: res.headers };
      };
      const first = await page("");
      expect(first.titles).toHaveLength(GAME_PAGE_SIZE.default);
      expect(first.headers["x-total-count"]).toBe(String(SEARCH_RESULTS_CAP));
      expect(first.headers["x-total-count-capped"]).toBe("true");
      expect((await page(`&offset=${SEARCH_RESULTS_CAP - 10}&sort=newest`)).titles).toHaveLength(10);
      expect((await page(`&offset=${SEARCH_RESULTS_CAP}`)).titles).toEqual([]);
      await db.execute(sql`delete from games where title in ('Quillfish 1', 'Quillfish 2')`);
      const exact = await page("&limit=1");
      expect(exact.headers["x-total-count"]).toBe(String(SEARCH_RESULTS_CAP - 1));
      expect(exact.headers["x-total-count-capped"]).toBeUndefined();
    } finally {
      await db.execute(sql`delete from games where title like 'Quillfish %'`);
    }
  });

  describe("GET /api/games/category/{slug}", () => {
    it("lists a real category's games", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/games/category/action" });
      expect(res.statusCode).toBe(200);
      expect(res.json().every((g: { categorySlug: string }) => g.categorySlug === "action")).toBe(true);
    });
    it("handles new and hot", async () => {
      for (const slug of ["new", "hot"]) {
        const res = await t().app.inject({ method: "GET", url: `/api/games/category/${slug}` });
        expect(res.statusCode).toBe(200);
        expect(res.json().every((g: Record<string, boolean>) => g[slug])).toBe(true);
      }
    });
    it("answers 404 for an unknown category and 400 for a malformed slug", async () => {
      const missing = await t().app.inject({ method: "GET", url: "/api/games/category/no-such-category" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: "Category not found" });
      const bad = await t().app.inject({ method: "GET", url: "/api/games/category/Not%20A%20Slug" });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe("GET /api/games/{id}", () => {
    it("returns one game, with its Total Players (D83)", async () => {
      const first = (await t().app.inject({ method: "GET", url: "/api/games?limit=1" })).json()[0];
      const res = await t().app.inject({ method: "GET", url: `/api/games/${first.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...first, totalPlayers: expect.any(Number) });
    });
    it("answers 404 {message} for an unknown id", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/games/987654" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Game not found" });
    });
    it.each(["abc", "1.5", "-1", "0", "99999999999"])("answers 400 for the malformed id %s", async (id) => {
      const res = await t().app.inject({ method: "GET", url: `/api/games/${id}` });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe("string");
    });
  });

  describe("POST /api/games/{id}/play (D21)", () => {
    it("counts a play and opens an anonymous play session", async () => {
      const game = await addGame(t(), { title: "Play Counter", plays: 41 });
      const res = await t().app.inject({ method: "POST", url: `/api/games/${game.id}/play` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.plays).toBe(42);
      expect(body.playId).toMatch(/^[0-9a-f-]{36}$/);
      const [play] = await t().database.db.select().from(playsTable).where(eq(playsTable.id, body.playId));
      expect(play.gameId).toBe(game.id);
      expect(play.userId).toBeNull();
      const again = await t().app.inject({
        method: "POST",
        url: `/api/games/${game.id}/play`,
        headers: { "content-type": "application/json" },
        payload: "",
      });
      expect(again.json().plays).toBe(43);
    });
    it("limits plays per address when signed out, and per player when signed in: 429 with Retry-After, not counted (issue 8)", async () => {
      const limit = t().config.playsPerMinute;
      const game = await addGame(t(), { title: "Play Flood" });
      const play = (extra: Record<string, unknown> = {}) =>
        t().app.inject({ method: "POST", url: `/api/games/${game.id}/play`, remoteAddress: "10.9.8.7", ...extra });
      for (let i = 0; i < limit; i++) expect((await play()).statusCode).toBe(200);
      const refused = await play();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json().message).toBe("Too many games started. Please wait a moment.");
      const [row] = await t()
        .database.db.select({ plays: gamesTable.plays })
        .from(gamesTable)
        .where(eq(gamesTable.id, game.id));
      expect(row.plays).toBe(limit);
      // Another address, and a signed-in player on the limited address, still play.
      expect((await play({ remoteAddress: "10.9.8.6" })).statusCode).toBe(200);
      const { cookies } = await createUserWithSession(t());
      expect((await play({ cookies })).statusCode).toBe(200);
    });
    it("answers 404 for an unknown game and 400 for a malformed id", async () => {
      expect((await t().app.inject({ method: "POST", url: "/api/games/987654/play" })).statusCode).toBe(404);
      expect((await t().app.inject({ method: "POST", url: "/api/games/x/play" })).statusCode).toBe(400);
    });
    it("refuses a cross-site request (D62)", async () => {
      const game = await addGame(t(), { title: "CSRF Target" });
      const res = await t().app.inject({
        method: "POST",
        url: `/api/games/${game.id}/play`,
        headers: { origin: "https://evil.example" },
      });
      expect(res.statusCode).toBe(403);
      const form = await t().app.inject({
        method: "POST",
        url: `/api/games/${game.id}/play`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "a=1",
      });
      expect(form.statusCode).toBe(403);
      const [row] = await t()
        .database.db.select({ plays: gamesTable.plays })
        .from(gamesTable)
        .where(eq(gamesTable.id, game.id));
      expect(row.plays).toBe(0);
    });
  });
});
