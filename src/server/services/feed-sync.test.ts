import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { FeedCreate } from "../../contract/admin/feeds";
import {
  fixtureGames,
  FIXTURE_JSON_MAPPING,
  startFeedServer,
  type FeedServer,
  type FeedShape,
} from "../../test/feed-server";
import { describeEachDatabase } from "../../test/test-app";
import { feedItemsTable, feedsTable, gamesTable } from "../db/schema";
import { approveItems } from "./feed-publishing";
import { FeedSyncFailed, syncFeed, type SyncOptions } from "./feed-sync";
import { createFeed } from "./feeds";
import { outsideFetch } from "./outside-fetch";

const PUBLIC_URL = "https://arcade.example";
const KIND_OF_SHAPE: Record<FeedShape, FeedCreate["kind"]> = {
  gamedistribution: "gamedistribution",
  "gamedistribution-v1": "gamedistribution",
  gamepix: "gamepix",
  gamemonetize: "gamemonetize",
  "gamemonetize-wrapped": "gamemonetize",
  json: "json",
};

describeEachDatabase("a feed's sync (D110, D111, D113)", (t) => {
  const db = () => t().database.db;
  let server: FeedServer;
  let clock: Date;
  const sleeps: number[] = [];

  const options = (overrides: Partial<SyncOptions> = {}): SyncOptions => ({
    now: () => clock,
    publicUrl: PUBLIC_URL,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    fetchPage: (url) => outsideFetch(url, { maxBytes: 32 * 1024 * 1024, timeoutMs: 5_000, allowPrivate: true }),
    ...overrides,
  });
  const serve = async (shape: FeedShape, count: number) => {
    await server?.close();
    server = await startFeedServer({ shape, games: fixtureGames(count) });
  };
  const addFeed = (kind: FeedCreate["kind"], extra: Partial<FeedCreate> = {}) =>
    createFeed(db(), { kind, name: `${kind} feed`, url: server.feedUrl, schedule: "off", ...extra }, clock);
  const items = (feedId: number) =>
    db().select().from(feedItemsTable).where(eq(feedItemsTable.feedId, feedId)).orderBy(feedItemsTable.externalId);
  const later = () => {
    clock = new Date(clock.getTime() + 60_000);
  };

  beforeEach(async () => {
    clock = new Date("2026-12-07T10:00:00Z");
    sleeps.length = 0;
    await db().execute(sql`delete from feeds`);
    await db().execute(sql`delete from games where source_external_id is not null`);
  });
  afterEach(async () => {
    await server?.close();
  });

  it("pages a GameDistribution feed until its short page and records every item once, raw and normalised", async () => {
    await serve("gamedistribution", 250);
    const feed = await addFeed("gamedistribution");
    const run = await syncFeed(db(), feed.id, options());
    expect(run).toMatchObject({ state: "succeeded", pages: 3, newItems: 250, updatedItems: 0, goneItems: 0 });
    expect(server.requests.filter((path) => path.startsWith("/feed"))).toHaveLength(3);
    expect(server.requests[0]).toContain("amount=100");
    const rows = await items(feed.id);
    expect(rows).toHaveLength(250);
    expect(rows[3]).toMatchObject({
      externalId: "g000003",
      status: "new",
      title: "Silent Bubbles 3",
      categories: ["Casual"],
      tags: ["Kids Friendly", "HTML5"],
      mobile: false,
    });
    expect((rows[3].raw as { Md5: string }).Md5).toBe("g000003");
    expect((rows[3].item as { imageUrl: string }).imageUrl).toBe(server.coverUrl(server.games[3]));
    const [after] = await db().select().from(feedsTable).where(eq(feedsTable.id, feed.id));
    expect(after.lastSyncedAt?.toISOString()).toBe(clock.toISOString());
  });

  for (const shape of ["gamedistribution-v1", "gamepix", "gamemonetize", "gamemonetize-wrapped", "json"] as const) {
    it(`reads a ${shape} feed across its pages`, async () => {
      await serve(shape, 130);
      const kind = KIND_OF_SHAPE[shape];
      const feed = await addFeed(kind, {
        ...(kind === "gamepix" && { publisherId: "pub-1" }),
        ...(kind === "json" && { mapping: FIXTURE_JSON_MAPPING }),
      });
      const run = await syncFeed(db(), feed.id, options());
      expect(run).toMatchObject({ state: "succeeded", newItems: 130, invalidItems: 0 });
      expect(run.pages).toBeGreaterThanOrEqual(2);
      const rows = await items(feed.id);
      expect(rows.map((row) => row.title)).toContain("Copper Bubbles 1");
      if (kind === "gamepix") expect(server.requests[0]).toContain("sid=pub-1");
    });
  }

  it("updates what changed, leaves what an admin edited, hides what vanished and shows it again when it returns", async () => {
    await serve("gamedistribution", 120);
    const feed = await addFeed("gamedistribution");
    await syncFeed(db(), feed.id, options());
    const [first, second, third] = await items(feed.id);
    await approveItems(db(), [first.id, second.id, third.id], { publicUrl: PUBLIC_URL, now: clock });
    const published = await items(feed.id);
    const gameOf = (id: number) => published.find((row) => row.id === id)!.gameId!;
    await db()
      .update(gamesTable)
      .set({ title: "Edited by staff", editedFields: ["title"] })
      .where(eq(gamesTable.id, gameOf(second.id)));

    server.games = server.games.map((game, i) =>
      i < 5 ? { ...game, title: `${game.title} Deluxe`, tags: [...game.tags, "New"] } : game,
    );
    server.games.splice(2, 1);
    server.games.splice(100, 10);
    later();
    const run = await syncFeed(db(), feed.id, options());
    expect(run).toMatchObject({ state: "succeeded", newItems: 0, updatedItems: 4, goneItems: 11 });

    const games = await db()
      .select()
      .from(gamesTable)
      .where(eq(gamesTable.sourceFeedId, feed.id))
      .orderBy(gamesTable.sourceExternalId);
    expect(games.map((game) => [game.title, game.hiddenReason])).toEqual([
      ["Rusty Bubbles 0 Deluxe", null],
      ["Edited by staff", null],
      ["Neon Bubbles 2", "gone"],
    ]);
    expect(games[1].tags).toContain("New");
    expect(games[0].externalUrl).toContain(
      `gd_sdk_referrer_url=${encodeURIComponent(`${PUBLIC_URL}/game/${games[0].id}`)}`,
    );
    const gone = (await items(feed.id)).filter((row) => row.status === "gone");
    expect(gone).toHaveLength(11);
    expect(gone[0]).toMatchObject({ externalId: "g000002", statusBeforeGone: "published" });

    server.games = fixtureGames(120);
    later();
    const back = await syncFeed(db(), feed.id, options());
    expect(back).toMatchObject({ newItems: 0, goneItems: 0 });
    const [returned] = await db()
      .select()
      .from(gamesTable)
      .where(eq(gamesTable.id, gameOf(third.id)));
    expect(returned.hiddenReason).toBeNull();
    const statuses = new Set((await items(feed.id)).map((row) => row.status));
    expect(statuses).toEqual(new Set(["new", "published"]));
  });

  it("stops with 'This feed's format changed' when a field is renamed, and hides nothing", async () => {
    await serve("gamedistribution", 50);
    const feed = await addFeed("gamedistribution");
    await syncFeed(db(), feed.id, options());
    server.rename = ["Title", "Name"];
    later();
    const run = await syncFeed(db(), feed.id, options());
    expect(run.state).toBe("format_changed");
    expect(run.error).toMatch(
      /^This feed's format changed\. 50 entries were not valid, e\.g\. page 1, entry 1: The item has no title/,
    );
    expect((await items(feed.id)).every((row) => row.status === "new")).toBe(true);
    const [changed] = await db().select().from(feedsTable).where(eq(feedsTable.id, feed.id));
    expect(changed.formatChangedAt?.toISOString()).toBe(clock.toISOString());

    server.replaceBody = "<html>Service moved</html>";
    later();
    expect((await syncFeed(db(), feed.id, options())).error).toContain("not JSON");

    server.rename = undefined;
    server.replaceBody = undefined;
    later();
    expect((await syncFeed(db(), feed.id, options())).state).toBe("succeeded");
    const [healed] = await db().select().from(feedsTable).where(eq(feedsTable.id, feed.id));
    expect(healed.formatChangedAt).toBeNull();
  });

  it("fails a first sync that reads nothing, and a feed that answers an error, keeping the run's reason", async () => {
    await serve("gamedistribution", 10);
    server.replaceBody = "[]";
    const feed = await addFeed("gamedistribution");
    await expect(syncFeed(db(), feed.id, options())).rejects.toThrow("The feed listed no games");
    server.replaceBody = undefined;
    server.busy = { count: 1, status: 500 };
    await expect(syncFeed(db(), feed.id, options())).rejects.toThrow(FeedSyncFailed);
    const runs = await db().execute<{ state: string; error: string }>(
      sql`select state, error from feed_runs where feed_id = ${feed.id} order by id`,
    );
    expect(runs.rows.map((run) => [run.state, run.error])).toEqual([
      ["failed", "The feed listed no games"],
      ["failed", "The feed answered HTTP 500"],
    ]);
  });

  it("waits out a 429 for its Retry-After, and gives up after three", async () => {
    await serve("gamemonetize", 30);
    const feed = await addFeed("gamemonetize");
    server.busy = { count: 2, status: 429, retryAfter: "7" };
    const run = await syncFeed(db(), feed.id, options());
    expect(run).toMatchObject({ state: "succeeded", newItems: 30 });
    expect(sleeps).toEqual([7000, 7000]);
    server.busy = { count: 10, status: 429, retryAfter: "3600" };
    await expect(syncFeed(db(), feed.id, options())).rejects.toThrow(/still busy \(HTTP 429\) after 3 waits/);
    expect(sleeps.slice(2)).toEqual([60_000, 60_000, 60_000]);
  });

  it("approves by the feed's rules and publishes at once or N a day", async () => {
    await serve("gamedistribution", 48);
    const school = await addFeed("gamedistribution", {
      rules: { autoApprove: { mobile: true, requireTags: ["kids friendly"], excludeTags: ["Blood"] } },
    });
    await syncFeed(db(), school.id, options());
    const rows = await items(school.id);
    const expected = server.games.filter((game, i) => game.mobile && i % 3 === 0 && i % 4 !== 0).map((g) => g.id);
    expect(rows.filter((row) => row.status === "published").map((row) => row.externalId)).toEqual(expected);
    const games = await db().select().from(gamesTable).where(eq(gamesTable.sourceFeedId, school.id));
    expect(games).toHaveLength(expected.length);
    expect(games.every((game) => game.mobile === true && game.developer === "GameDistribution")).toBe(true);

    await db().execute(sql`delete from feeds`);
    const quota = await addFeed("gamedistribution", { rules: { autoApprove: {}, publishPerDay: 5 } });
    await syncFeed(db(), quota.id, options());
    const counted = await db()
      .select({ status: feedItemsTable.status })
      .from(feedItemsTable)
      .where(and(eq(feedItemsTable.feedId, quota.id), eq(feedItemsTable.status, "published")));
    expect(counted).toHaveLength(5);
  });

  it("imports each item once when two syncs of one feed run at once", async () => {
    await serve("gamedistribution", 300);
    const feed = await addFeed("gamedistribution", { rules: { autoApprove: {} } });
    const runs = await Promise.all([syncFeed(db(), feed.id, options()), syncFeed(db(), feed.id, options())]);
    expect(runs.map((run) => run.state)).toEqual(["succeeded", "succeeded"]);
    expect(await items(feed.id)).toHaveLength(300);
    const games = await db().select({ id: gamesTable.id }).from(gamesTable).where(eq(gamesTable.sourceFeedId, feed.id));
    expect(games).toHaveLength(300);
    expect((await items(feed.id)).every((row) => row.status === "published" && row.gameId !== null)).toBe(true);
  });
});
