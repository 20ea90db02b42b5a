import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { fixtureGames, startFeedServer, type FeedServer } from "../../test/feed-server";
import { describeEachDatabase } from "../../test/test-app";
import { feedItemsTable, gamesTable, jobsTable } from "../db/schema";
import { fetchFeedCovers, type CoverOptions } from "./feed-covers";
import { approveItems } from "./feed-publishing";
import { syncFeed } from "./feed-sync";
import { createFeed } from "./feeds";
import { DiskStore } from "./file-store";
import { OG_IMAGE_JOB } from "./og-images";
import { outsideFetch } from "./outside-fetch";

describeEachDatabase("a feed's covers are ours (D112)", (t) => {
  const db = () => t().database.db;
  let server: FeedServer;
  beforeAll(async () => {
    server = await startFeedServer({ shape: "gamedistribution", games: fixtureGames(8) });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await db().execute(sql`delete from feeds`);
  });

  /** Only the fixture server's own address is reachable, as a public host would be: a redirect elsewhere private is refused. */
  const fetchImage: CoverOptions["fetchImage"] = (url) =>
    outsideFetch(url, {
      maxBytes: 5 * 1024 * 1024,
      timeoutMs: 1_000,
      allowPrivate: false,
      allowAddresses: ["127.0.0.1"],
      accept: (type) => type.startsWith("image/"),
      subject: "The cover",
    });

  it("fetches, re-encodes and stores each cover, gives published games theirs, and records why a cover failed", async () => {
    const now = new Date();
    const feed = await createFeed(
      db(),
      { kind: "gamedistribution", name: "GD", url: server.feedUrl, schedule: "off" },
      now,
    );
    await syncFeed(db(), feed.id, {
      now: () => now,
      publicUrl: "https://arcade.example",
      fetchPage: (url) => outsideFetch(url, { maxBytes: 1 << 24, timeoutMs: 5_000, allowPrivate: true }),
    });
    const rows = await db()
      .select()
      .from(feedItemsTable)
      .where(eq(feedItemsTable.feedId, feed.id))
      .orderBy(feedItemsTable.id);
    const faults = ["text", "huge", "private", "slow"];
    for (const [i, fault] of faults.entries())
      await db()
        .update(feedItemsTable)
        .set({
          item: sql`jsonb_set(${feedItemsTable.item}, '{imageUrl}', ${JSON.stringify(`${server.url}/covers/${fault}-${i}.jpg`)}::jsonb)`,
        })
        .where(eq(feedItemsTable.id, rows[i + 1].id));
    await db()
      .update(feedItemsTable)
      .set({ item: sql`jsonb_set(${feedItemsTable.item}, '{imageUrl}', 'null'::jsonb)` })
      .where(eq(feedItemsTable.id, rows[5].id));
    await approveItems(db(), [rows[0].id], { publicUrl: "https://arcade.example", now });
    const [placeholder] = await db()
      .select()
      .from(gamesTable)
      .where(eq(gamesTable.sourceExternalId, rows[0].externalId));
    expect(placeholder.imageUrl).toMatch(/^\/uploads\/categories\/|\.svg$/);
    await db().delete(jobsTable);

    const files = new DiskStore(t().config.dataDir);
    const first = await fetchFeedCovers(db(), files, feed.id, { fetchImage, batch: 6 });
    expect(first).toEqual({ done: 6, more: true });
    const after = await db()
      .select()
      .from(feedItemsTable)
      .where(eq(feedItemsTable.feedId, feed.id))
      .orderBy(feedItemsTable.id);
    expect(after[0].coverUrl).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
    expect(await files.head(after[0].coverUrl!.slice(1))).toBeDefined();
    expect(after.slice(1, 6).map((row) => [row.coverUrl, row.coverError])).toEqual([
      [null, 'The cover answered with "text/plain", not a type it may send'],
      [null, "The cover answered with more than 5 MB"],
      [
        null,
        "The cover is at 10.1.2.3, a private network address: outside fetches go only to public addresses unless FETCH_ALLOW_PRIVATE=true",
      ],
      [null, "The cover did not answer within 1 second"],
      [null, "The feed gives no cover"],
    ]);

    const [game] = await db().select().from(gamesTable).where(eq(gamesTable.id, placeholder.id));
    expect(game.imageUrl).toBe(after[0].coverUrl);
    const og = await db().select().from(jobsTable).where(eq(jobsTable.name, OG_IMAGE_JOB));
    expect(og.map((job) => (job.payload as { imageUrl: string }).imageUrl)).toEqual([after[0].coverUrl]);

    expect(await fetchFeedCovers(db(), files, feed.id, { fetchImage, batch: 6 })).toEqual({ done: 2, more: false });
    expect(await fetchFeedCovers(db(), files, feed.id, { fetchImage, batch: 6 })).toEqual({ done: 0, more: false });
  });
});
