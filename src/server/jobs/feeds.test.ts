import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { fixtureGames, startFeedServer, type FeedServer } from "../../test/feed-server";
import { describeEachDatabase } from "../../test/test-app";
import { feedItemsTable, feedsTable, jobsTable } from "../db/schema";
import { createFeed } from "../services/feeds";
import { DiskStore } from "../services/file-store";
import type { Job } from "../services/job-queue";
import { FEED_COVERS_JOB, FEED_SYNC_JOB, feedJobHandlers, FEEDS_SCHEDULE } from "./feeds";

describeEachDatabase("the feeds' jobs (D110, D112, D116)", (t) => {
  const db = () => t().database.db;
  let server: FeedServer;
  let clock: Date;
  let changes = 0;
  beforeAll(async () => {
    server = await startFeedServer({ shape: "gamemonetize", games: fixtureGames(100) });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    clock = new Date("2026-12-07T10:02:00Z");
    changes = 0;
    await db().execute(sql`delete from feeds`);
    await db().execute(sql`delete from jobs`);
  });

  const handlers = () =>
    feedJobHandlers({
      db: db(),
      files: new DiskStore(t().config.dataDir),
      now: () => clock,
      publicUrl: "https://arcade.example",
      allowPrivate: true,
      catalogueChanged: async () => {
        changes += 1;
      },
    });
  const run = (name: string, payload: Record<string, unknown> = {}) =>
    handlers()[name]({ job: { id: 1, name, payload } as Job, signal: new AbortController().signal });
  const queued = async () =>
    (await db().select().from(jobsTable).where(eq(jobsTable.state, "queued")).orderBy(jobsTable.id)).map((job) => [
      job.name,
      (job.payload as { feedId?: number }).feedId,
    ]);
  const add = (name: string, schedule: "off" | "hourly" | "daily", paused = false) =>
    createFeed(db(), { kind: "gamemonetize", name, url: server.feedUrl, schedule }, clock).then(async (feed) => {
      if (paused) await db().update(feedsTable).set({ paused: true }).where(eq(feedsTable.id, feed.id));
      return feed;
    });

  it("queues the syncs the feeds' schedules make due, once per slot, never for a paused or unscheduled feed", async () => {
    const hourly = await add("hourly", "hourly");
    const daily = await add("daily", "daily");
    await add("off", "off");
    await add("paused", "hourly", true);
    await db()
      .update(feedsTable)
      .set({ lastSyncedAt: new Date(clock.getTime() - 2 * 60 * 60 * 1000) })
      .where(eq(feedsTable.id, daily.id));

    await run(FEEDS_SCHEDULE.name);
    await run(FEEDS_SCHEDULE.name);
    expect(await queued()).toEqual([[FEED_SYNC_JOB, hourly.id]]);

    await db().update(jobsTable).set({ state: "succeeded" });
    await db().update(feedsTable).set({ lastSyncedAt: clock }).where(eq(feedsTable.id, hourly.id));
    clock = new Date(clock.getTime() + 61 * 60 * 1000);
    await run(FEEDS_SCHEDULE.name);
    expect(await queued()).toEqual([[FEED_SYNC_JOB, hourly.id]]);
  });

  it("syncs a feed, tells the site its catalogue changed and queues the covers, which run in the background", async () => {
    const feed = await add("GM", "off");
    await run(FEED_SYNC_JOB, { feedId: feed.id });
    expect(changes).toBe(1);
    expect(await queued()).toEqual([[FEED_COVERS_JOB, feed.id]]);
    await run(FEED_COVERS_JOB, { feedId: feed.id });
    // three batches of covers, one drop of the cached reads at the end: not one per batch
    expect(changes).toBe(2);
    const covers = await db()
      .select({ coverUrl: feedItemsTable.coverUrl })
      .from(feedItemsTable)
      .where(eq(feedItemsTable.feedId, feed.id));
    expect(covers).toHaveLength(100);
    expect(covers.every((row) => row.coverUrl?.startsWith("/uploads/images/"))).toBe(true);
    await expect(run(FEED_SYNC_JOB, {})).rejects.toThrow("the job names no feed");
  });

  it("continues a covers job before the link-preview jobs its covers queued", async () => {
    const feed = await createFeed(
      db(),
      { kind: "gamemonetize", name: "GM", url: server.feedUrl, schedule: "off", rules: { autoApprove: {} } },
      clock,
    );
    await run(FEED_SYNC_JOB, { feedId: feed.id });
    await db().execute(sql`delete from jobs`);
    const firstDue = new Date(Date.now() - 60_000);
    const slice = feedJobHandlers({
      db: db(),
      files: new DiskStore(t().config.dataDir),
      now: () => clock,
      publicUrl: "https://arcade.example",
      allowPrivate: true,
      catalogueChanged: async () => {},
      coversSliceMs: 0,
    })[FEED_COVERS_JOB];
    await slice({
      job: { id: 1, name: FEED_COVERS_JOB, payload: { feedId: feed.id }, runAt: firstDue } as Job,
      signal: new AbortController().signal,
    });
    const done = await db()
      .select({ id: feedItemsTable.id })
      .from(feedItemsTable)
      .where(sql`${feedItemsTable.feedId} = ${feed.id} and ${feedItemsTable.coverUrl} is not null`);
    expect(done.length).toBeGreaterThan(0);
    expect(done.length).toBeLessThan(100);
    const next = await db()
      .select({ name: jobsTable.name, runAt: jobsTable.runAt })
      .from(jobsTable)
      .where(eq(jobsTable.state, "queued"))
      .orderBy(jobsTable.runAt, jobsTable.id);
    expect(next.map((job) => job.name)).toContain("og-image.make");
    expect(next[0]).toEqual({ name: FEED_COVERS_JOB, runAt: firstDue });
  });
});
