import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { SCHOOL_HIDES_AD_GAMES_SETTING, SCHOOL_MODE_SETTING } from "../../contract/community-constants";
import { insertGame, insertReview, type GameRow } from "../../test/factories";
import { play, submit } from "../../test/scores";
import { asAdmin, createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import {
  categoriesTable,
  collectionsTable,
  favoritesTable,
  feedsTable,
  gameCollectionsTable,
  reviewsTable,
  scoresTable,
} from "../db/schema";

/**
 * D113–D115: a hidden game (gone from its feed, unreachable) and, in school mode, a game from a feed that carries its
 * own ads are invisible to players everywhere (lists, counts, search, collections, the sitemap, profiles, the game's
 * API and page) and refuse plays, scores, reviews, favourites and saves as a game that does not exist; its rows stay.
 * The CMS lists every game with the reason and can show a hidden one again.
 */

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Arcadium</title></head><body><div id="root"></div></body></html>`;

describeEachDatabase(
  "games hidden from players (D113–D115)",
  (t) => {
    const { req } = asAdmin(t);
    const WORD = "Zorblax";
    let slug: string;
    let collectionSlug: string;
    let shown: GameRow;
    let gone: GameRow;
    let unreachable: GameRow;
    let fromAds: GameRow;
    let fromClean: GameRow;
    let player: Awaited<ReturnType<typeof createUserWithSession>>;

    const get = (url: string, cookies?: { sid: string }) => t().app.inject({ method: "GET", url, cookies });
    const ids = (body: Array<{ id: number }>) => body.map((g) => g.id);
    const setSchool = async (on: boolean, hideAdGames = true) => {
      const res = await req("PATCH", "/api/admin/settings", {
        site: { [SCHOOL_MODE_SETTING]: String(on), [SCHOOL_HIDES_AD_GAMES_SETTING]: String(hideAdGames) },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    beforeAll(async () => {
      const db = t().database.db;
      slug = `hidden-${Date.now()}`;
      const [category] = await db.insert(categoriesTable).values({ name: "Hidden Test", slug }).returning();
      const [ads] = await db
        .insert(feedsTable)
        .values({ kind: "gamedistribution", name: "Ads", carriesAds: true })
        .returning();
      const [clean] = await db
        .insert(feedsTable)
        .values({ kind: "json", name: "Clean", carriesAds: false })
        .returning();
      // Every one of them featured, new and hot, so that each list would show it
      const game = (title: string, extra: Partial<GameRow> = {}) =>
        insertGame(t(), {
          title: `${WORD} ${title}`,
          categoryId: category.id,
          isFeatured: true,
          isNew: true,
          isHot: true,
          plays: 1_000_000,
          ...extra,
        });
      shown = await game("Shown");
      gone = await game("Gone", { hiddenReason: "gone", sourceFeedId: ads.id, sourceExternalId: "g1" });
      unreachable = await game("Unreachable", { hiddenReason: "unreachable" });
      fromAds = await game("With Ads", { sourceFeedId: ads.id, sourceExternalId: "a1" });
      fromClean = await game("Without Ads", { sourceFeedId: clean.id, sourceExternalId: "c1" });
      collectionSlug = `hidden-collection-${Date.now()}`;
      const [collection] = await db
        .insert(collectionsTable)
        .values({ slug: collectionSlug, title: "Hidden Collection" })
        .returning();
      await db
        .insert(gameCollectionsTable)
        .values([shown, gone, unreachable, fromAds].map((g) => ({ gameId: g.id, collectionId: collection.id })));
      player = await createUserWithSession(t());
      // The player's history with the hidden game, written as it was before it was hidden
      await insertReview(t(), { userId: player.user.id, gameId: gone.id, comment: "Was fun" });
      await db.insert(favoritesTable).values([
        { userId: player.user.id, gameId: gone.id },
        { userId: player.user.id, gameId: shown.id },
      ]);
      await t().app.reads.invalidate();
    });

    /** What players see of the five games: the ids in every list and the counts, each checked to agree. */
    async function visibleEverywhere(app: TestApp): Promise<number[]> {
      const all = [shown, gone, unreachable, fromAds, fromClean].map((g) => g.id);
      const mine = (body: Array<{ id: number }>) => ids(body).filter((id) => all.includes(id));
      const inCategory = await get(`/api/games?category=${slug}&limit=50`);
      const visible = mine(inCategory.json()).sort((a, b) => a - b);
      expect(Number(inCategory.headers["x-total-count"])).toBe(visible.length);
      const lists = [
        "/api/games?limit=100&sort=popular",
        "/api/games?limit=100&sort=newest",
        `/api/games?search=${WORD}&limit=50`,
        `/api/games/category/${slug}?limit=50`,
        "/api/games/category/new?limit=100",
        "/api/games/category/hot?limit=100",
        "/api/games/featured?limit=100",
      ];
      for (const url of lists) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(
          mine(res.json()).sort((a, b) => a - b),
          url,
        ).toEqual(visible);
      }
      const search = await get(`/api/games?search=${WORD}&limit=50`);
      expect(Number(search.headers["x-total-count"])).toBe(visible.length);
      const categories = (await get("/api/categories")).json() as Array<{ slug: string; gameCount: number }>;
      expect(categories.find((c) => c.slug === slug)?.gameCount).toBe(visible.length);
      expect((await get(`/api/categories/${slug}`)).json().gameCount).toBe(visible.length);
      const collections = (await get("/api/collections")).json() as Array<{ slug: string; gameCount: number }>;
      const tagged = [shown, gone, unreachable, fromAds].map((g) => g.id).filter((id) => visible.includes(id));
      expect(collections.find((c) => c.slug === collectionSlug)?.gameCount).toBe(tagged.length);
      const collection = await get(`/api/collections/${collectionSlug}/games?limit=50`);
      expect(mine(collection.json()).sort((a, b) => a - b)).toEqual(tagged);
      expect(Number(collection.headers["x-total-count"])).toBe(tagged.length);
      const sitemap = (await app.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
      for (const id of all)
        expect(sitemap.includes(`/game/${id}</loc>`), `sitemap, game ${id}`).toBe(visible.includes(id));
      return visible;
    }

    it("lists, counts, search, collections and the sitemap leave hidden games out", async () => {
      expect(await visibleEverywhere(t())).toEqual([shown.id, fromAds.id, fromClean.id]);
    });

    it("the game's API, page, reviews, rating, board and achievements answer 404 for a hidden game", async () => {
      for (const game of [gone, unreachable]) {
        for (const url of [
          `/api/games/${game.id}`,
          `/api/games/${game.id}/reviews`,
          `/api/games/${game.id}/rating`,
          `/api/scores/game/${game.id}`,
          `/api/games/${game.id}/achievements`,
        ]) {
          const res = await get(url);
          expect(res.statusCode, url).toBe(404);
          expect(res.json(), url).toEqual({ message: "Game not found" });
        }
        const page = await get(`/game/${game.id}`);
        expect(page.statusCode).toBe(404);
        expect(page.body).toContain("<title>Game Not Found - Arcadium</title>");
      }
      expect((await get(`/api/games/${shown.id}`)).statusCode).toBe(200);
      expect((await get(`/game/${shown.id}`)).statusCode).toBe(200);
    });

    it("refuses a play, a score, a review, a favourite and a cloud save for a hidden game; its rows stay", async () => {
      const db = t().database.db;
      const notFound = { message: "Game not found" };
      // A play opened while the game was shown, then the game hidden before the score arrives
      const late = await insertGame(t(), { title: `${WORD} Late`, maxScore: 1000 });
      const playId = await play(t(), late.id, player);
      await db.execute(`update games set hidden_reason = 'unreachable' where id = ${late.id}`);
      const scored = await submit(t(), player, { playId, score: 10 });
      expect(scored.statusCode, scored.body).toBe(404);
      expect(scored.json()).toEqual(notFound);
      expect(await db.select().from(scoresTable).where(eq(scoresTable.gameId, late.id))).toEqual([]);

      const started = await t().app.inject({
        method: "POST",
        url: `/api/games/${gone.id}/play`,
        cookies: player.cookies,
      });
      expect(started.statusCode).toBe(404);
      expect(started.json()).toEqual(notFound);
      const review = await t().app.inject({
        method: "POST",
        url: "/api/reviews",
        cookies: player.cookies,
        payload: { gameId: gone.id, rating: 2, comment: "Changed my mind" },
      });
      expect(review.statusCode).toBe(404);
      const favourite = await t().app.inject({
        method: "POST",
        url: `/api/favorites/${unreachable.id}`,
        cookies: player.cookies,
      });
      expect(favourite.statusCode).toBe(404);
      const save = await t().app.inject({
        method: "POST",
        url: `/api/games/${gone.id}/saves`,
        cookies: player.cookies,
        payload: { set: [{ key: "level", value: "3", updatedAt: new Date().toISOString() }] },
      });
      expect(save.statusCode, save.body).toBe(404);
      expect((await get(`/api/games/${gone.id}/saves`, player.cookies)).statusCode).toBe(404);

      // Kept: the review as it was, the favourite
      const [kept] = await db
        .select({ comment: reviewsTable.comment })
        .from(reviewsTable)
        .where(and(eq(reviewsTable.gameId, gone.id), eq(reviewsTable.userId, player.user.id)));
      expect(kept.comment).toBe("Was fun");
      expect(
        await db
          .select()
          .from(favoritesTable)
          .where(and(eq(favoritesTable.gameId, gone.id), eq(favoritesTable.userId, player.user.id))),
      ).toHaveLength(1);
    });

    it("My Games and the profile leave hidden games out of favourites, recently played and bests", async () => {
      const fan = await createUserWithSession(t());
      const db = t().database.db;
      await db.insert(favoritesTable).values([
        { userId: fan.user.id, gameId: gone.id },
        { userId: fan.user.id, gameId: shown.id },
      ]);
      const mine = (await get("/api/me/games", fan.cookies)).json() as {
        favorites: Array<{ id: number }>;
        recent: Array<{ id: number }>;
      };
      expect(ids(mine.favorites)).toEqual([shown.id]);
      // A best on a game later hidden: the profile's statistics leave it out, the score stays
      const scorer = await createUserWithSession(t());
      const later = await insertGame(t(), { title: `${WORD} Later`, maxScore: 1000 });
      const playId = await play(t(), later.id, scorer);
      expect((await submit(t(), scorer, { playId, score: 5 })).statusCode).toBe(201);
      const before = (await get(`/api/users/${scorer.user.id}/stats`)).json() as { games: Array<{ gameId: number }> };
      expect(before.games.map((g) => g.gameId)).toEqual([later.id]);
      expect((await get("/api/me/games", scorer.cookies)).json().recent.map((g: { id: number }) => g.id)).toEqual([
        later.id,
      ]);
      await db.execute(`update games set hidden_reason = 'gone' where id = ${later.id}`);
      await t().app.reads.invalidate();
      const after = (await get(`/api/users/${scorer.user.id}/stats`)).json() as {
        games: unknown[];
        categories: unknown[];
      };
      expect(after.games).toEqual([]);
      expect(after.categories).toEqual([]);
      expect((await get("/api/me/games", scorer.cookies)).json().recent).toEqual([]);
      expect(await db.select().from(scoresTable).where(eq(scoresTable.gameId, later.id))).toHaveLength(1);
    });

    it("the CMS lists hidden games with their reason, and counts them in their category", async () => {
      const res = await req("GET", `/api/admin/games?search=${WORD}&limit=100`);
      expect(res.statusCode).toBe(200);
      const reasons = Object.fromEntries(
        (res.json() as Array<{ id: number; hiddenReason: string | null }>).map((g) => [g.id, g.hiddenReason]),
      );
      expect(reasons).toMatchObject({
        [shown.id]: null,
        [gone.id]: "gone",
        [unreachable.id]: "unreachable",
        [fromAds.id]: null,
      });
      const categories = (await req("GET", "/api/admin/categories")).json() as Array<{
        slug: string;
        gameCount: number;
      }>;
      expect(categories.find((c) => c.slug === slug)?.gameCount).toBe(5);
    });

    it("an admin shows a hidden game again (audit-logged); a reason cannot be set by hand", async () => {
      const refused = await req("PATCH", `/api/admin/games/${unreachable.id}`, { hiddenReason: "gone" });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain("hiddenReason can only be set to null");
      // An edit that does not mention it leaves the game hidden
      const renamed = await req("PATCH", `/api/admin/games/${unreachable.id}`, { title: `${WORD} Unreachable 2` });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().hiddenReason).toBe("unreachable");
      expect((await get(`/api/games/${unreachable.id}`)).statusCode).toBe(404);

      const res = await req("PATCH", `/api/admin/games/${unreachable.id}`, { hiddenReason: null });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().hiddenReason).toBeNull();
      expect((await get(`/api/games/${unreachable.id}`)).statusCode).toBe(200);
      expect(ids((await get(`/api/games?category=${slug}&limit=50`)).json())).toContain(unreachable.id);
      const audit = (await req("GET", `/api/admin/audit?targetKind=games&targetId=${unreachable.id}`)).json() as {
        items: Array<{ action: string; before: unknown; after: unknown }>;
      };
      expect(audit.items[0]).toMatchObject({
        action: "games.update",
        before: { hiddenReason: "unreachable" },
        after: { hiddenReason: null },
      });
      // Hidden again for the next tests, as the embed check would
      await t().database.db.execute(`update games set hidden_reason = 'unreachable' where id = ${unreachable.id}`);
      await t().app.reads.invalidate();
    });

    it("D115: in school mode, games from feeds that carry ads are hidden too, unless the switch is off", async () => {
      try {
        await setSchool(true);
        expect(await visibleEverywhere(t())).toEqual([shown.id, fromClean.id]);
        expect((await get(`/api/games/${fromAds.id}`)).statusCode).toBe(404);
        expect((await get(`/game/${fromAds.id}`)).statusCode).toBe(404);
        const started = await t().app.inject({ method: "POST", url: `/api/games/${fromAds.id}/play` });
        expect(started.statusCode).toBe(404);
        // The CMS still lists it, shown (it has no hidden reason of its own)
        const admin = (await req("GET", `/api/admin/games?search=${WORD}&limit=100`)).json() as Array<{ id: number }>;
        expect(ids(admin)).toContain(fromAds.id);

        await setSchool(true, false);
        expect(await visibleEverywhere(t())).toEqual([shown.id, fromAds.id, fromClean.id]);

        await setSchool(false, true);
        expect(await visibleEverywhere(t())).toEqual([shown.id, fromAds.id, fromClean.id]);

        // The one-step preset turns school mode on, hiding them (the switch is on by default)
        await t().database.db.execute(
          `delete from website_content where section = 'site' and key in ('${SCHOOL_MODE_SETTING}', '${SCHOOL_HIDES_AD_GAMES_SETTING}')`,
        );
        const preset = await req("POST", "/api/admin/settings/school-mode");
        expect(preset.statusCode, preset.body).toBe(200);
        expect(await visibleEverywhere(t())).toEqual([shown.id, fromClean.id]);
      } finally {
        await setSchool(false);
      }
    });

    it("refuses a school-mode switch that is not true or false", async () => {
      const res = await req("PATCH", "/api/admin/settings", { site: { [SCHOOL_HIDES_AD_GAMES_SETTING]: "maybe" } });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain("must be true or false");
    });
  },
  { clientFiles: { "index.html": TEMPLATE } },
);
