/**
 * D110: the distributors' feeds an admin keeps: adding, changing, listing and deleting them, and where each page of a
 * feed is fetched from.
 *
 * Contract:
 * - `createFeed` and `updateFeed` check what the schema cannot: that the category map names categories that exist.
 *   A `json` feed always has an address and a mapping. `carriesAds` defaults to true for the three distributors
 *   (their games show their own ads, D115) and false for a `json` feed.
 * - `deleteFeed` removes a feed with its items and runs; the games it published stay (their source is cleared).
 * - `listFeeds` and `getFeedDetail` are the CMS's view: each feed with its items counted by status and its last run;
 *   the detail adds the last 20 runs and the distributor's categories its items carry, each with our category of the
 *   same name (or slug) suggested.
 * - `feedPageUrl(feed, page)` is the address of a page: the admin's address (or the distributor's public one) with
 *   the page and amount in the distributor's own parameters; a `json` feed's first page is its address as given.
 * No HTTP types; a category that does not exist is `Invalid`.
 */
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type {
  FeedCategoryMap,
  FeedCreate,
  FeedDetail,
  FeedPatch,
  FeedRules,
  FeedRunView,
  FeedView,
  JsonFeedMapping,
} from "../../contract/admin/feeds";
import { FEED_ITEM_STATUSES, type FeedItemStatus } from "../../contract/feeds-constants";
import type { Db } from "../db/client";
import { categoriesTable, feedItemsTable, feedRunsTable, feedsTable } from "../db/schema";
import { Invalid, NotFound } from "../errors";
import { FEED_DEFAULT_AMOUNT, feedUrl } from "./feed-formats";

export type FeedRow = typeof feedsTable.$inferSelect;
export type FeedRunRow = typeof feedRunsTable.$inferSelect;

const RUNS_SHOWN = 20;

async function assertCategoriesExist(db: Db, map: FeedCategoryMap | undefined): Promise<void> {
  const ids = [...new Set(Object.values(map ?? {}))];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: categoriesTable.id })
    .from(categoriesTable)
    .where(inArray(categoriesTable.id, ids));
  if (found.length !== ids.length) throw new Invalid("The category map names a category that does not exist");
}

export async function createFeed(db: Db, feed: FeedCreate, now: Date): Promise<FeedRow> {
  await assertCategoriesExist(db, feed.categoryMap);
  const [row] = await db
    .insert(feedsTable)
    .values({
      kind: feed.kind,
      name: feed.name,
      url: feed.url ?? null,
      publisherId: feed.publisherId || null,
      mapping: feed.mapping ?? null,
      categoryMap: feed.categoryMap ?? {},
      schedule: feed.schedule,
      rules: feed.rules ?? {},
      carriesAds: feed.carriesAds ?? feed.kind !== "json",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

export async function getFeed(db: Db, id: number): Promise<FeedRow> {
  const [row] = await db.select().from(feedsTable).where(eq(feedsTable.id, id));
  if (!row) throw new NotFound("Feed not found");
  return row;
}

export async function updateFeed(db: Db, id: number, patch: FeedPatch, now: Date): Promise<FeedRow> {
  const feed = await getFeed(db, id);
  await assertCategoriesExist(db, patch.categoryMap);
  if (feed.kind === "json" && patch.url === null) throw new Invalid("A JSON feed needs its address");
  if (feed.kind === "gamepix" && patch.publisherId === null && !(patch.url ?? feed.url))
    throw new Invalid("GamePix needs a publisher id (its sid) for the feed's address");
  const [row] = await db
    .update(feedsTable)
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.url !== undefined && { url: patch.url }),
      ...(patch.publisherId !== undefined && { publisherId: patch.publisherId || null }),
      ...(patch.mapping !== undefined && { mapping: patch.mapping }),
      ...(patch.categoryMap !== undefined && { categoryMap: patch.categoryMap }),
      ...(patch.schedule !== undefined && { schedule: patch.schedule }),
      ...(patch.rules !== undefined && { rules: patch.rules }),
      ...(patch.carriesAds !== undefined && { carriesAds: patch.carriesAds }),
      ...(patch.paused !== undefined && { paused: patch.paused }),
      updatedAt: now,
    })
    .where(eq(feedsTable.id, id))
    .returning();
  return row;
}

export async function deleteFeed(db: Db, id: number): Promise<FeedRow> {
  const [row] = await db.delete(feedsTable).where(eq(feedsTable.id, id)).returning();
  if (!row) throw new NotFound("Feed not found");
  return row;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function runView(run: FeedRunRow): FeedRunView {
  return {
    id: run.id,
    state: run.state,
    pages: run.pages,
    newItems: run.newItems,
    updatedItems: run.updatedItems,
    goneItems: run.goneItems,
    invalidItems: run.invalidItems,
    seenItems: run.seenItems,
    error: run.error,
    startedAt: run.startedAt.toISOString(),
    finishedAt: iso(run.finishedAt),
  };
}

function feedView(feed: FeedRow, counts: Map<string, number>, lastRun: FeedRunRow | undefined): FeedView {
  const items = Object.fromEntries(FEED_ITEM_STATUSES.map((status) => [status, counts.get(status) ?? 0])) as Record<
    FeedItemStatus,
    number
  >;
  return {
    id: feed.id,
    kind: feed.kind,
    name: feed.name,
    url: feed.url,
    publisherId: feed.publisherId,
    mapping: (feed.mapping as JsonFeedMapping | null) ?? null,
    categoryMap: feed.categoryMap as FeedCategoryMap,
    schedule: feed.schedule,
    rules: feed.rules as FeedRules,
    carriesAds: feed.carriesAds,
    paused: feed.paused,
    formatChangedAt: iso(feed.formatChangedAt),
    lastSyncedAt: iso(feed.lastSyncedAt),
    createdAt: feed.createdAt.toISOString(),
    items,
    lastRun: lastRun ? runView(lastRun) : null,
  };
}

async function itemCounts(db: Db, feedIds: number[]): Promise<Map<number, Map<string, number>>> {
  const byFeed = new Map<number, Map<string, number>>();
  if (feedIds.length === 0) return byFeed;
  const rows = await db
    .select({ feedId: feedItemsTable.feedId, status: feedItemsTable.status, count: sql<number>`count(*)::int` })
    .from(feedItemsTable)
    .where(inArray(feedItemsTable.feedId, feedIds))
    .groupBy(feedItemsTable.feedId, feedItemsTable.status);
  for (const row of rows) {
    const counts = byFeed.get(row.feedId) ?? new Map<string, number>();
    counts.set(row.status, row.count);
    byFeed.set(row.feedId, counts);
  }
  return byFeed;
}

async function latestRuns(db: Db, feedIds: number[]): Promise<Map<number, FeedRunRow>> {
  if (feedIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([feedRunsTable.feedId])
    .from(feedRunsTable)
    .where(inArray(feedRunsTable.feedId, feedIds))
    .orderBy(feedRunsTable.feedId, desc(feedRunsTable.startedAt), desc(feedRunsTable.id));
  return new Map(rows.map((run) => [run.feedId, run]));
}

export async function listFeeds(db: Db): Promise<FeedView[]> {
  const feeds = await db.select().from(feedsTable).orderBy(asc(feedsTable.id));
  const ids = feeds.map((feed) => feed.id);
  const [counts, runs] = await Promise.all([itemCounts(db, ids), latestRuns(db, ids)]);
  return feeds.map((feed) => feedView(feed, counts.get(feed.id) ?? new Map(), runs.get(feed.id)));
}

/** Lower case with anything but letters and digits dropped: "Hypercasual" and "hyper-casual" are one name. */
export function categoryKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

export async function getFeedDetail(db: Db, id: number): Promise<FeedDetail> {
  const feed = await getFeed(db, id);
  const [counts, runs, categories, ours] = await Promise.all([
    itemCounts(db, [id]),
    db
      .select()
      .from(feedRunsTable)
      .where(eq(feedRunsTable.feedId, id))
      .orderBy(desc(feedRunsTable.startedAt), desc(feedRunsTable.id))
      .limit(RUNS_SHOWN),
    db
      .select({ name: sql<string>`c.name`, items: sql<number>`count(*)::int` })
      .from(sql`${feedItemsTable}, unnest(${feedItemsTable.categories}) as c(name)`)
      .where(eq(feedItemsTable.feedId, id))
      .groupBy(sql`c.name`)
      .orderBy(sql`count(*) desc`, sql`c.name`)
      .limit(500),
    db.select({ id: categoriesTable.id, name: categoriesTable.name, slug: categoriesTable.slug }).from(categoriesTable),
  ]);
  const suggestions = new Map<string, number>();
  for (const category of ours) {
    suggestions.set(categoryKey(category.slug), category.id);
    suggestions.set(categoryKey(category.name), category.id);
  }
  return {
    ...feedView(feed, counts.get(id) ?? new Map(), runs[0]),
    runs: runs.map(runView),
    categories: categories.map((category) => ({
      ...category,
      suggestedCategoryId: suggestions.get(categoryKey(category.name)) ?? null,
    })),
  };
}

/** The query parameters each distributor pages with: the page's number and how many items a page holds. */
const PAGE_PARAMETERS = {
  gamedistribution: { page: "page", amount: "amount" },
  gamepix: { page: "page", amount: "pagination" },
  gamemonetize: { page: "page", amount: "num" },
} as const;

export function feedPageUrl(feed: Pick<FeedRow, "kind" | "url" | "publisherId">, page: number): string {
  if (feed.kind === "json") {
    if (!feed.url) throw new Invalid("A JSON feed has no default address: give its url");
    if (page === 1) return feed.url;
    const url = new URL(feed.url);
    url.searchParams.set("page", String(page));
    return url.toString();
  }
  if (!feed.url) return feedUrl(feed.kind, { publisherId: feed.publisherId ?? undefined, page });
  const url = new URL(feed.url);
  const names = PAGE_PARAMETERS[feed.kind];
  url.searchParams.set(names.page, String(page));
  if (!url.searchParams.has(names.amount)) url.searchParams.set(names.amount, String(FEED_DEFAULT_AMOUNT[feed.kind]));
  if (feed.kind === "gamepix" && feed.publisherId && !url.searchParams.has("sid"))
    url.searchParams.set("sid", feed.publisherId);
  return url.toString();
}

/** How many items a page of this feed holds, as its address asks. */
export function feedPageAmount(feed: Pick<FeedRow, "kind">, pageUrl: string): number | undefined {
  if (feed.kind === "json") return undefined;
  const value = Number(new URL(pageUrl).searchParams.get(PAGE_PARAMETERS[feed.kind].amount));
  return Number.isInteger(value) && value > 0 ? value : FEED_DEFAULT_AMOUNT[feed.kind];
}
