import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { FeedDetail, FeedItemView, FeedView } from "../../../contract/admin/feeds";
import { fixtureGames, startFeedServer, type FeedServer } from "../../../test/feed-server";
import { reportCalls } from "../../../test/reports";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { FEED_SYNC_JOB } from "../../jobs/feeds";
import { syncFeed } from "../../services/feed-sync";
import { outsideFetch } from "../../services/outside-fetch";

describeEachDatabase("the feeds and their inbox in the CMS (D110, D111)", (t) => {
  const { call, auditOf } = reportCalls(t);
  const db = () => t().database.db;
  let server: FeedServer;
  let admin: Awaited<ReturnType<typeof createUserWithSession>>;

  beforeAll(async () => {
    server = await startFeedServer({ shape: "gamedistribution", games: fixtureGames(30) });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await db().execute(sql`delete from feeds`);
    await db().execute(sql`delete from jobs`);
    admin = await createUserWithSession(t(), { role: "admin" });
  });

  const sync = (feedId: number) =>
    syncFeed(db(), feedId, {
      now: () => new Date(),
      publicUrl: t().config.publicUrl,
      fetchPage: (url) => outsideFetch(url, { maxBytes: 1 << 24, timeoutMs: 5_000, allowPrivate: true }),
    });
  const inbox = async (query = "") => {
    const res = await call(admin, "GET", `/api/admin/feed-items${query}`);
    expect(res.statusCode).toBe(200);
    return { items: (res.json() as { items: FeedItemView[] }).items, total: Number(res.headers["x-total-count"]) };
  };

  it("adds, lists, changes and deletes a feed; admins only; bad input gets a clear error", async () => {
    const moderator = await createUserWithSession(t(), { role: "moderator" });
    const created = await call(admin, "POST", "/api/admin/feeds", {
      kind: "gamedistribution",
      name: "GameDistribution",
      url: server.feedUrl,
      schedule: "daily",
    });
    expect(created.statusCode).toBe(201);
    const feed = created.json() as FeedDetail;
    expect(feed).toMatchObject({ kind: "gamedistribution", schedule: "daily", carriesAds: true, paused: false });
    expect(feed.items).toEqual({ new: 0, approved: 0, published: 0, rejected: 0, gone: 0 });

    const list = (await call(admin, "GET", "/api/admin/feeds")).json() as { feeds: FeedView[] };
    expect(list.feeds.map((f) => f.name)).toEqual(["GameDistribution"]);

    const changed = await call(admin, "PATCH", `/api/admin/feeds/${feed.id}`, {
      paused: true,
      rules: { autoApprove: { requireTags: ["Kids Friendly"] }, publishPerDay: 10 },
      categoryMap: { Casual: 1 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ paused: true, categoryMap: { Casual: 1 }, rules: { publishPerDay: 10 } });

    for (const [body, message] of [
      [{ kind: "json", name: "x", url: server.feedUrl }, "A JSON feed needs a mapping of its fields"],
      [{ kind: "gamepix", name: "x" }, "GamePix needs a publisher id (its sid) for the feed's address"],
      [{ kind: "gamedistribution", name: "x", url: "ftp://x" }, "The feed's address is not an http(s) address"],
      [{ kind: "rss", name: "x" }, "The kind is one of gamedistribution, gamepix, gamemonetize, json"],
      [
        { kind: "gamemonetize", name: "x", categoryMap: { Casual: 9999 } },
        "The category map names a category that does not exist",
      ],
    ] as const) {
      const res = await call(admin, "POST", "/api/admin/feeds", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }

    expect((await call(moderator, "GET", "/api/admin/feeds")).statusCode).toBe(403);
    expect((await call(undefined, "GET", "/api/admin/feed-items")).statusCode).toBe(401);
    expect((await call(admin, "GET", "/api/admin/feeds/99999")).statusCode).toBe(404);

    expect((await call(admin, "DELETE", `/api/admin/feeds/${feed.id}`)).statusCode).toBe(204);
    expect((await call(admin, "GET", `/api/admin/feeds/${feed.id}`)).statusCode).toBe(404);
    expect(await auditOf(admin, "action=feed.delete")).toHaveLength(1);
  });

  it("queues a sync as a job, once while it waits", async () => {
    const feed = (
      await call(admin, "POST", "/api/admin/feeds", { kind: "gamedistribution", name: "GD", url: server.feedUrl })
    ).json() as FeedDetail;
    const first = await call(admin, "POST", `/api/admin/feeds/${feed.id}/sync`);
    expect(first.statusCode).toBe(202);
    const again = await call(admin, "POST", `/api/admin/feeds/${feed.id}/sync`);
    expect(again.json().jobId).toBe(first.json().jobId);
    const jobs = await db().execute<{ name: string; payload: { feedId: number } }>(sql`select name, payload from jobs`);
    expect(jobs.rows).toEqual([{ name: FEED_SYNC_JOB, payload: { feedId: feed.id } }]);
  });

  it("lists the inbox with filters and a total, approves into games and rejects", async () => {
    const feed = (
      await call(admin, "POST", "/api/admin/feeds", { kind: "gamedistribution", name: "GD", url: server.feedUrl })
    ).json() as FeedDetail;
    await sync(feed.id);

    const all = await inbox(`?feedId=${feed.id}&limit=10`);
    expect(all.total).toBe(30);
    expect(all.items).toHaveLength(10);
    expect(all.items[0]).toMatchObject({ feedName: "GD", status: "new", coverUrl: null, gameId: null });
    expect((await inbox("?tag=Kids%20Friendly")).total).toBe(10);
    expect((await inbox("?mobile=true")).total).toBe(15);
    expect((await inbox("?category=Racing")).total).toBe(5);
    const found = await inbox("?search=dragons%201");
    expect(found.total).toBe(10);
    expect(found.items.map((item) => item.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.stringMatching(new RegExp(`Dragons ${19 - i}$`))),
    );
    expect((await call(admin, "GET", "/api/admin/feed-items?status=lost")).statusCode).toBe(400);

    const [a, b, c] = all.items;
    const approved = await call(admin, "POST", "/api/admin/feed-items/approve", { ids: [a.id, b.id] });
    expect(approved.json()).toEqual({ approved: 2, published: 2 });
    const rejected = await call(admin, "POST", "/api/admin/feed-items/reject", { ids: [a.id, c.id] });
    expect(rejected.json()).toEqual({ rejected: 1 });
    expect((await inbox("?status=published")).total).toBe(2);
    expect((await inbox("?status=rejected")).items.map((item) => item.id)).toEqual([c.id]);

    const published = (await inbox("?status=published")).items[0];
    const game = await call(admin, "GET", `/api/games/${published.gameId}`);
    expect(game.statusCode).toBe(200);
    expect(game.json()).toMatchObject({ title: published.title, developer: "GameDistribution" });
    const detail = (await call(admin, "GET", `/api/admin/feeds/${feed.id}`)).json() as FeedDetail;
    expect(detail.items).toMatchObject({ new: 27, published: 2, rejected: 1 });
    expect(detail.runs).toHaveLength(1);
    expect(detail.categories.find((category) => category.name === "Puzzle")).toMatchObject({ items: 5 });
    expect(detail.categories.find((category) => category.name === "Puzzle")?.suggestedCategoryId).toEqual(
      expect.any(Number),
    );
    expect(detail.categories.find((category) => category.name === "Casual")?.suggestedCategoryId).toBeNull();

    // D113: what an admin changes on a feed's game, a later sync leaves alone
    await call(admin, "PATCH", `/api/admin/games/${published.gameId}`, { title: "Our title", description: "Ours" });
    await call(admin, "PATCH", `/api/admin/games/${published.gameId}`, { title: "Our title again" });
    const edited = await db().execute<{ edited_fields: string[] }>(
      sql`select edited_fields from games where id = ${published.gameId}`,
    );
    expect(edited.rows[0].edited_fields).toEqual(["description", "title"]);

    expect((await call(admin, "POST", "/api/admin/feed-items/approve", { ids: [] })).json().message).toBe(
      "Choose at least one item",
    );
  });
});
