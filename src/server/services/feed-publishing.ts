/**
 * D111: a feed's inbox and what leaves it: rules that approve items without a person, an admin's approvals and
 * rejections, and publishing approved items as games, at once or N a day.
 *
 * Contract:
 * - `listFeedItems` is the inbox: items filtered by feed, status, title (contains), tag, category and mobile flag,
 *   newest first, with the total.
 * - `applyAutoApproval(db, feed, now)` approves the feed's new items that its rules accept: `autoApprove` absent
 *   approves nothing; `{}` approves every new item; `mobile: true` wants items marked mobile; `requireTags` wants
 *   every tag named, `excludeTags` refuses any tag named (tags compared without regard to case).
 * - `approveItems` approves new or rejected items (ids of other states are left as they are), then publishes what
 *   each feed's quota allows; `rejectItems` rejects new or approved items. Both answer how many changed.
 * - `publishDue(db, feed, options)` publishes approved items in the order the feed listed them: all of them, or, with
 *   `publishPerDay: N`, as many as keep the feed's publications in the last 24 hours at N. An item becomes a game
 *   once, whatever runs at the same time (one game per feed and external id); the game's category is the first of
 *   the item's categories the feed's map names, else our category of the same name, else the site's first; its
 *   cover is ours when fetched (D112), the category's picture until then; its frame loads the distributor's
 *   address (GameDistribution's told the game's page, `embedUrlFor`).
 * No HTTP types; times come from the caller.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { FeedCategoryMap, FeedItem, FeedItemsQuery, FeedItemView, FeedRules } from "../../contract/admin/feeds";
import type { Db } from "../db/client";
import { categoriesTable, feedItemsTable, feedsTable, gamesTable } from "../db/schema";
import { embedUrlFor } from "./feed-formats";
import { categoryKey, type FeedRow } from "./feeds";
import { DEFAULT_INSTRUCTIONS } from "./game-admin";
import { likePattern } from "./like-pattern";
import { enqueueOgImage } from "./og-images";

export type FeedItemRow = typeof feedItemsTable.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Items published in one transaction (bench/RESULTS.md: one transaction per game cost 12.5 ms a game). */
const PUBLISH_BATCH = 200;

/** The maker a published game is credited to when the feed names none. */
const DISTRIBUTOR_NAMES: Record<FeedRow["kind"], string | null> = {
  gamedistribution: "GameDistribution",
  gamepix: "GamePix",
  gamemonetize: "GameMonetize",
  json: null,
};

function inboxConditions(query: FeedItemsQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.feedId !== undefined) conditions.push(eq(feedItemsTable.feedId, query.feedId));
  if (query.status) conditions.push(eq(feedItemsTable.status, query.status));
  if (query.search) conditions.push(ilike(feedItemsTable.title, likePattern(query.search)));
  if (query.tag) conditions.push(sql`${feedItemsTable.tags} @> array[${query.tag}]::text[]`);
  if (query.category) conditions.push(sql`${feedItemsTable.categories} @> array[${query.category}]::text[]`);
  if (query.mobile !== undefined) conditions.push(eq(feedItemsTable.mobile, query.mobile));
  return conditions.length ? and(...conditions) : undefined;
}

export function feedItemView(row: FeedItemRow & { feedName: string }): FeedItemView {
  const item = row.item as FeedItem;
  return {
    id: row.id,
    feedId: row.feedId,
    feedName: row.feedName,
    externalId: row.externalId,
    status: row.status,
    title: row.title,
    description: item.description,
    embedUrl: item.embedUrl,
    coverUrl: row.coverUrl,
    coverError: row.coverError,
    categories: row.categories,
    tags: row.tags,
    mobile: row.mobile,
    width: item.width,
    height: item.height,
    gameId: row.gameId,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  };
}

export async function listFeedItems(db: Db, query: FeedItemsQuery): Promise<{ items: FeedItemView[]; total: number }> {
  const where = inboxConditions(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ row: feedItemsTable, feedName: feedsTable.name })
      .from(feedItemsTable)
      .innerJoin(feedsTable, eq(feedsTable.id, feedItemsTable.feedId))
      .where(where)
      .orderBy(desc(feedItemsTable.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(feedItemsTable).where(where),
  ]);
  return { items: rows.map(({ row, feedName }) => feedItemView({ ...row, feedName })), total };
}

function hasTag(tag: string): SQL {
  return sql`exists (select 1 from unnest(${feedItemsTable.tags}) as t(name) where lower(t.name) = lower(${tag}))`;
}

/** The SQL condition of the items a feed's rules approve, or undefined when the rules approve nothing. */
export function autoApprovalCondition(rules: FeedRules): SQL | undefined {
  const auto = rules.autoApprove;
  if (!auto) return undefined;
  const conditions: SQL[] = [sql`true`];
  if (auto.mobile) conditions.push(eq(feedItemsTable.mobile, true));
  for (const tag of auto.requireTags ?? []) conditions.push(hasTag(tag));
  for (const tag of auto.excludeTags ?? []) conditions.push(sql`not ${hasTag(tag)}`);
  return and(...conditions);
}

export async function applyAutoApproval(db: Db, feed: FeedRow, now: Date): Promise<number> {
  const condition = autoApprovalCondition(feed.rules as FeedRules);
  if (!condition) return 0;
  const approved = await db
    .update(feedItemsTable)
    .set({ status: "approved", approvedAt: now })
    .where(and(eq(feedItemsTable.feedId, feed.id), eq(feedItemsTable.status, "new"), condition))
    .returning({ id: feedItemsTable.id });
  return approved.length;
}

export type PublishOptions = { publicUrl: string; now: Date };

export async function approveItems(
  db: Db,
  ids: number[],
  options: PublishOptions,
): Promise<{ approved: number; published: number }> {
  const approved = await db
    .update(feedItemsTable)
    .set({ status: "approved", approvedAt: options.now })
    .where(and(inArray(feedItemsTable.id, ids), inArray(feedItemsTable.status, ["new", "rejected"])))
    .returning({ feedId: feedItemsTable.feedId });
  const feedIds = [...new Set(approved.map((row) => row.feedId))];
  let published = 0;
  for (const feed of feedIds.length ? await db.select().from(feedsTable).where(inArray(feedsTable.id, feedIds)) : [])
    published += await publishDue(db, feed, options);
  return { approved: approved.length, published };
}

export async function rejectItems(db: Db, ids: number[]): Promise<number> {
  const rejected = await db
    .update(feedItemsTable)
    .set({ status: "rejected", approvedAt: null })
    .where(and(inArray(feedItemsTable.id, ids), inArray(feedItemsTable.status, ["new", "approved"])))
    .returning({ id: feedItemsTable.id });
  return rejected.length;
}

type CategoryChoice = { id: number; imageUrl: string };

/** Picks a published item's category: the feed's map, then our category of the same name, then the site's first. */
export function categoryChooser(
  map: FeedCategoryMap,
  ours: ReadonlyArray<{ id: number; name: string; slug: string; imageUrl: string }>,
): (categories: readonly string[]) => CategoryChoice {
  const byId = new Map(ours.map((category) => [category.id, category]));
  const byKey = new Map<string, (typeof ours)[number]>();
  for (const category of ours) {
    byKey.set(categoryKey(category.name), category);
    byKey.set(categoryKey(category.slug), category);
  }
  const mapped = new Map(Object.entries(map).map(([name, id]) => [categoryKey(name), id]));
  const first = ours[0];
  return (categories) => {
    for (const name of categories) {
      const category = byId.get(mapped.get(categoryKey(name)) ?? -1);
      if (category) return category;
    }
    for (const name of categories) {
      const category = byKey.get(categoryKey(name));
      if (category) return category;
    }
    return first;
  };
}

async function publishedInLastDay(db: Db, feedId: number, now: Date): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(feedItemsTable)
    .where(and(eq(feedItemsTable.feedId, feedId), gte(feedItemsTable.publishedAt, new Date(now.getTime() - DAY_MS))));
  return total;
}

/**
 * Publishes approved items as games, in one transaction; answers how many it published. Items another process holds
 * or has published meanwhile are skipped; an item whose game exists already (published by a process that stopped
 * before recording it) is linked to that game.
 */
async function publishBatch(
  db: Db,
  feed: FeedRow,
  itemIds: number[],
  category: (categories: readonly string[]) => CategoryChoice,
  options: PublishOptions,
): Promise<number> {
  const covers = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(feedItemsTable)
      .where(and(inArray(feedItemsTable.id, itemIds), eq(feedItemsTable.status, "approved")))
      .orderBy(asc(feedItemsTable.id))
      .for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    const inserted = await tx
      .insert(gamesTable)
      .values(
        rows.map((row) => {
          const item = row.item as FeedItem;
          const chosen = category(row.categories);
          return {
            title: item.title,
            description: item.description,
            instructions: item.instructions || DEFAULT_INSTRUCTIONS,
            imageUrl: row.coverUrl ?? chosen.imageUrl,
            categoryId: chosen.id,
            externalUrl: item.embedUrl,
            developer: DISTRIBUTOR_NAMES[feed.kind] ?? feed.name,
            releaseDate: item.publishedAt?.slice(0, 10) ?? null,
            sourceFeedId: feed.id,
            sourceExternalId: row.externalId,
            tags: item.tags,
            mobile: item.mobile,
            frameWidth: item.width,
            frameHeight: item.height,
            createdAt: options.now,
            updatedAt: options.now,
          };
        }),
      )
      .onConflictDoNothing({ target: [gamesTable.sourceFeedId, gamesTable.sourceExternalId] })
      .returning({ id: gamesTable.id, externalId: gamesTable.sourceExternalId });
    const games = new Map(inserted.map((game) => [game.externalId!, game.id]));
    const missing = rows.filter((row) => !games.has(row.externalId)).map((row) => row.externalId);
    if (missing.length)
      for (const game of await tx
        .select({ id: gamesTable.id, externalId: gamesTable.sourceExternalId })
        .from(gamesTable)
        .where(and(eq(gamesTable.sourceFeedId, feed.id), inArray(gamesTable.sourceExternalId, missing))))
        games.set(game.externalId!, game.id);

    // A GameDistribution game is told the page that hosts it, which needs its id (D111)
    const site = options.publicUrl.replace(/\/$/, "");
    const fresh = new Set(inserted.map((game) => game.id));
    const addresses = rows.flatMap((row) => {
      const item = row.item as FeedItem;
      const id = games.get(row.externalId)!;
      const url = embedUrlFor(feed.kind, item, `${site}/game/${id}`);
      return fresh.has(id) && url !== item.embedUrl ? [{ id, url }] : [];
    });
    if (addresses.length)
      await tx.execute(sql`update ${gamesTable} set external_url = v.url
        from (values ${sql.join(
          addresses.map(({ id, url }) => sql`(${id}::int, ${url}::text)`),
          sql`, `,
        )}) as v(id, url) where ${gamesTable.id} = v.id`);
    await tx.execute(sql`update ${feedItemsTable} set status = 'published', published_at = ${options.now.toISOString()}::timestamptz,
        game_id = v.game_id
      from (values ${sql.join(
        rows.map((row) => sql`(${row.id}::bigint, ${games.get(row.externalId)!}::int)`),
        sql`, `,
      )}) as v(id, game_id) where ${feedItemsTable.id} = v.id`);
    return rows.map((row) => row.coverUrl);
  });
  for (const cover of new Set(covers)) await enqueueOgImage(db, cover);
  return covers.length;
}

export async function publishDue(db: Db, feed: FeedRow, options: PublishOptions): Promise<number> {
  const perDay = (feed.rules as FeedRules).publishPerDay;
  let allowed =
    perDay === undefined ? Infinity : Math.max(0, perDay - (await publishedInLastDay(db, feed.id, options.now)));
  if (allowed === 0) return 0;
  const ours = await db
    .select({
      id: categoriesTable.id,
      name: categoriesTable.name,
      slug: categoriesTable.slug,
      imageUrl: categoriesTable.imageUrl,
    })
    .from(categoriesTable)
    .orderBy(asc(categoriesTable.id));
  if (ours.length === 0) return 0;
  const category = categoryChooser(feed.categoryMap as FeedCategoryMap, ours);
  let published = 0;
  let afterId = 0;
  while (allowed > 0) {
    const batch = await db
      .select({ id: feedItemsTable.id })
      .from(feedItemsTable)
      .where(
        and(
          eq(feedItemsTable.feedId, feed.id),
          eq(feedItemsTable.status, "approved"),
          isNull(feedItemsTable.gameId),
          sql`${feedItemsTable.id} > ${afterId}`,
        ),
      )
      .orderBy(asc(feedItemsTable.id))
      .limit(Math.min(PUBLISH_BATCH, allowed));
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1].id;
    const done = await publishBatch(
      db,
      feed,
      batch.map(({ id }) => id),
      category,
      options,
    );
    published += done;
    allowed -= done;
  }
  return published;
}
