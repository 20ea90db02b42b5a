import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { collectionSchema } from "../../contract/collections";
import { gameSchema } from "../../contract/games";
import { asAdmin, describeEachDatabase, repoRoot } from "../../test/test-app";
import {
  BUILTIN_COLLECTIONS,
  SEED_COLLECTIONS,
  seedCollections,
  upgradeBuiltinsForCollections,
} from "../db/builtin-games";
import { gamesTable } from "../db/schema";

type Collection = {
  id: number;
  slug: string;
  title: string;
  description: string;
  imageUrl: string;
  sortOrder: number;
  gameCount: number;
};

describeEachDatabase("collections (D83)", (t) => {
  const { req } = asAdmin(t);
  const get = (url: string) => t().app.inject({ method: "GET", url });
  const collections = async () => (await get("/api/collections")).json() as Collection[];
  const builtinId = async (slug: string) =>
    (await t().database.db.select({ id: gamesTable.id }).from(gamesTable).where(eq(gamesTable.builtinSlug, slug)))[0]
      .id;

  describe("the seed", () => {
    it("D83: the home page's four tiles are collections, in order, with the tiles' texts and drawings and real counts", async () => {
      const res = await get("/api/collections");
      expect(res.statusCode).toBe(200);
      const list = res.json() as Collection[];
      for (const c of list) expect(collectionSchema.strict().safeParse(c).success).toBe(true);
      expect(list.map((c) => c.title)).toEqual([
        "Modern Games",
        "Retro Arcade",
        "Mobile Favorites",
        "Multiplayer Arena",
      ]);
      expect(list.map((c) => c.imageUrl)).toEqual(SEED_COLLECTIONS.map((c) => c.imageUrl));
      // the real number of built-in games tagged with each (12 games never claim 250)
      for (const c of list) {
        const expected = Object.values(BUILTIN_COLLECTIONS).filter((slugs) =>
          (slugs as readonly string[]).includes(c.slug),
        ).length;
        expect(c.gameCount, c.slug).toBe(expected);
        expect(c.gameCount).toBeGreaterThan(0);
        expect(c.gameCount).toBeLessThan(13);
      }
    });

    it("D83: seeding again changes nothing; an install from before collections gets them once", async () => {
      const before = await collections();
      expect(await seedCollections(t().database.db)).toBe(0);
      expect(await upgradeBuiltinsForCollections(t().database.db, path.join(repoRoot, "games"))).toBe(0);
      expect(await collections()).toEqual(before);
    });
  });

  describe("public API", () => {
    it("D83: GET /api/collections/{slug} and its games, paged newest first with X-Total-Count; 404 for an unknown slug", async () => {
      const one = await get("/api/collections/retro-arcade");
      expect(one.statusCode).toBe(200);
      const retro = one.json() as Collection;
      expect(retro.title).toBe("Retro Arcade");
      const games = await get("/api/collections/retro-arcade/games");
      expect(games.statusCode).toBe(200);
      const list = games.json() as Array<{ id: number; createdAt: string }>;
      for (const g of list) expect(gameSchema.strict().safeParse(g).success).toBe(true);
      expect(list).toHaveLength(retro.gameCount);
      expect(games.headers["x-total-count"]).toBe(String(retro.gameCount));
      expect(list.map((g) => g.createdAt)).toEqual([...list.map((g) => g.createdAt)].sort().reverse());
      expect(list.map((g) => g.id)).toContain(await builtinId("mine-sweeper"));
      const page = await get("/api/collections/retro-arcade/games?limit=2&offset=1");
      expect(page.json().map((g: { id: number }) => g.id)).toEqual(list.slice(1, 3).map((g) => g.id));
      expect(page.headers["x-total-count"]).toBe(String(retro.gameCount));

      for (const url of ["/api/collections/no-such-thing", "/api/collections/no-such-thing/games"]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ message: "Collection not found" });
      }
      expect((await get("/api/collections/Not_A_Slug")).statusCode).toBe(400);
      expect((await get("/api/collections/retro-arcade/games?limit=0")).statusCode).toBe(400);
    });
  });

  describe("games tagged in the game form (PATCH /api/admin/games)", () => {
    it("D83: the game form tags a game with collections (the list replaces its tags); unknown ids are 400 and change nothing", async () => {
      const [modern, retro] = await collections();
      const gameId = await builtinId("reversi");
      const set = await req("PATCH", `/api/admin/games/${gameId}`, { collectionIds: [retro.id, modern.id, retro.id] });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().collectionIds).toEqual([modern.id, retro.id].sort((a, b) => a - b));
      const after = await collections();
      expect(after.find((c) => c.id === retro.id)!.gameCount).toBe(retro.gameCount + 1);
      const retroGames = (await get("/api/collections/retro-arcade/games?limit=100")).json() as Array<{ id: number }>;
      expect(retroGames.map((g) => g.id)).toContain(gameId);

      const refused = await req("PATCH", `/api/admin/games/${gameId}`, { collectionIds: [modern.id, 999999] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("Collection 999999 does not exist");
      expect((await req("PATCH", `/api/admin/games/${gameId}`, { collectionIds: "1" })).statusCode).toBe(400);
      const list = (await req("GET", "/api/admin/games?search=Reversi")).json() as Array<{
        id: number;
        collectionIds: number[];
      }>;
      expect(list.find((g) => g.id === gameId)!.collectionIds).toEqual([modern.id, retro.id].sort((a, b) => a - b));

      // an edit without collectionIds keeps them; [] clears them
      await req("PATCH", `/api/admin/games/${gameId}`, { developer: "Someone" });
      expect((await req("PATCH", `/api/admin/games/${gameId}`, {})).json().collectionIds).toHaveLength(2);
      expect((await req("PATCH", `/api/admin/games/${gameId}`, { collectionIds: [] })).json().collectionIds).toEqual(
        [],
      );

      // a new game with collections
      const created = await req("POST", "/api/admin/games", {
        title: "Tagged",
        description: "A tagged game.",
        imageUrl: "https://cdn.example.com/t.png",
        externalUrl: "https://games.example.com/t/",
        collectionIds: [modern.id],
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().collectionIds).toEqual([modern.id]);
      const unknown = await req("POST", "/api/admin/games", {
        title: "Untagged",
        description: "Refused.",
        imageUrl: "https://cdn.example.com/t.png",
        externalUrl: "https://games.example.com/u/",
        collectionIds: [999999],
      });
      expect(unknown.statusCode).toBe(400);
      expect((await req("GET", "/api/admin/games?search=Untagged")).json()).toEqual([]);
    });

    it("D83: the counts follow the catalogue: a deleted game leaves its collections", async () => {
      const created = await req("POST", "/api/admin/games", {
        title: "Short Lived",
        description: "Deleted soon.",
        imageUrl: "https://cdn.example.com/s.png",
        externalUrl: "https://games.example.com/s/",
        collectionIds: [(await collections())[3].id],
      });
      const arena = async () => (await get("/api/collections/multiplayer-arena")).json().gameCount as number;
      const withIt = await arena();
      expect((await req("DELETE", `/api/admin/games/${created.json().id}`)).statusCode).toBe(204);
      expect(await arena()).toBe(withIt - 1);
    });
  });
});
