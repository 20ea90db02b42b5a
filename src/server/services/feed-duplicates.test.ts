import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedDuplicate } from "../../contract/admin/feeds";
import { fixtureGames, startFeedServer, type FeedServer } from "../../test/feed-server";
import { reportCalls } from "../../test/reports";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { feedItemsTable, gamesTable } from "../db/schema";
import { fetchFeedCovers } from "./feed-covers";
import { coverDistance, coverHash, normalizeTitle } from "./feed-duplicates";
import { approveItems } from "./feed-publishing";
import { syncFeed } from "./feed-sync";
import { createFeed } from "./feeds";
import { DiskStore } from "./file-store";
import { outsideFetch } from "./outside-fetch";
import { loadSharp } from "./sharp";

describe("what duplicates are compared by (D113)", () => {
  it("reads titles the same whatever their case, accents, punctuation and filler words", () => {
    expect(normalizeTitle("The Snake Game HTML5")).toBe("snake");
    expect(normalizeTitle("snake")).toBe("snake");
    expect(normalizeTitle("Pokémon-Style Café & Bar Online")).toBe("pokemonstylecafeandbar");
    expect(normalizeTitle("2048")).toBe("2048");
    expect(normalizeTitle("Game")).toBe("");
    expect(normalizeTitle("Snake 2")).not.toBe(normalizeTitle("Snake 3"));
  });

  it("finds the same picture alike at another size, and a different picture not", async () => {
    const sharp = await loadSharp();
    const gradient = Buffer.alloc(64 * 48 * 3);
    for (let i = 0; i < 64 * 48; i += 1) gradient.fill((i % 64) * 4, i * 3, i * 3 + 3);
    const picture = await sharp(gradient, { raw: { width: 64, height: 48, channels: 3 } })
      .png()
      .toBuffer();
    const smaller = await sharp(picture).resize(32, 24).jpeg().toBuffer();
    const mirrored = await sharp(picture).flop().png().toBuffer();
    const [a, b, c] = await Promise.all([coverHash(picture), coverHash(smaller), coverHash(mirrored)]);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(coverDistance(a, b)).toBeLessThanOrEqual(4);
    expect(coverDistance(a, c)).toBeGreaterThan(40);
    expect(coverDistance(a, null)).toBeNull();
  });
});

describeEachDatabase("suggested duplicates in the CMS (D113)", (t) => {
  const { call } = reportCalls(t);
  const db = () => t().database.db;
  let gd: FeedServer;
  let gm: FeedServer;
  beforeAll(async () => {
    gd = await startFeedServer({ shape: "gamedistribution", games: fixtureGames(4) });
    gm = await startFeedServer({
      shape: "gamemonetize",
      games: fixtureGames(6, "m").map((game, i) => (i === 5 ? { ...game, title: "Something else" } : game)),
    });
  });
  afterAll(async () => {
    await gd.close();
    await gm.close();
  });

  it("offers the same game from two feeds, merges one pair, keeps another apart and refuses the rest", async () => {
    const admin = await createUserWithSession(t(), { role: "admin" });
    const now = new Date();
    const options = {
      now: () => now,
      publicUrl: "https://arcade.example",
      fetchPage: (url: string) => outsideFetch(url, { maxBytes: 1 << 24, timeoutMs: 5_000, allowPrivate: true }),
    };
    const files = new DiskStore(t().config.dataDir);
    const fetchImage = (url: string) => outsideFetch(url, { maxBytes: 1 << 22, timeoutMs: 5_000, allowPrivate: true });
    const feeds = [];
    for (const [kind, server] of [
      ["gamedistribution", gd],
      ["gamemonetize", gm],
    ] as const) {
      const feed = await createFeed(db(), { kind, name: kind, url: server.feedUrl, schedule: "off" }, now);
      await syncFeed(db(), feed.id, options);
      await fetchFeedCovers(db(), files, feed.id, { fetchImage });
      feeds.push(feed);
    }
    const items = async (feedId: number) =>
      db().select().from(feedItemsTable).where(eq(feedItemsTable.feedId, feedId)).orderBy(feedItemsTable.externalId);
    const [gdItems, gmItems] = [await items(feeds[0].id), await items(feeds[1].id)];
    await approveItems(db(), [gdItems[0].id], { publicUrl: "https://arcade.example", now });

    const list = async () => {
      const res = await call(admin, "GET", "/api/admin/feed-duplicates");
      expect(res.statusCode).toBe(200);
      return { pairs: (res.json() as { pairs: FeedDuplicate[] }).pairs, total: Number(res.headers["x-total-count"]) };
    };
    const first = await list();
    expect(first.total).toBe(4);
    expect(first.pairs.map((pair) => pair.items.map((item) => item.title))).toEqual(
      [0, 1, 2, 3].map((i) => [gdItems[i].title, gdItems[i].title]),
    );
    expect(first.pairs.every((pair) => pair.coverDistance === 0)).toBe(true);

    const merged = await call(admin, "POST", "/api/admin/feed-duplicates/merge", {
      keepId: gmItems[0].id,
      otherId: gdItems[0].id,
    });
    expect(merged.statusCode).toBe(204);
    const [rejected] = await db().select().from(feedItemsTable).where(eq(feedItemsTable.id, gdItems[0].id));
    expect(rejected).toMatchObject({ status: "rejected", duplicateOf: gmItems[0].id });
    const [hidden] = await db().select().from(gamesTable).where(eq(gamesTable.id, rejected.gameId!));
    expect(hidden.hiddenReason).toBe("duplicate");
    const [kept] = await db().select().from(feedItemsTable).where(eq(feedItemsTable.id, gmItems[0].id));
    expect(kept.status).toBe("published");

    expect(
      (await call(admin, "POST", "/api/admin/feed-duplicates/keep-apart", { ids: [gmItems[1].id, gdItems[1].id] }))
        .statusCode,
    ).toBe(204);
    expect((await list()).total).toBe(2);

    for (const body of [
      { keepId: gmItems[5].id, otherId: gdItems[2].id },
      { keepId: gdItems[1].id, otherId: gmItems[1].id },
      { keepId: gdItems[2].id, otherId: gdItems[2].id },
    ]) {
      const res = await call(admin, "POST", "/api/admin/feed-duplicates/merge", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("These two items are not a suggested duplicate");
    }
    const moderator = await createUserWithSession(t(), { role: "moderator" });
    expect((await call(moderator, "GET", "/api/admin/feed-duplicates")).statusCode).toBe(403);
    await db().execute(sql`delete from feeds`);
  });
});
