/**
 * D110, D113: one sync of a feed. It pages through the source, records every item raw and normalised under (feed,
 * external id), keeps published games up to date, hides the games of items the source dropped, applies the feed's
 * rules and publishes what is due.
 *
 * Contract:
 * - `syncFeed(db, feedId, options)` records a run (`feed_runs`) and answers it when it ends. Pages are fetched through
 *   `options.fetchPage` one at a time, following the kind's paging (feed-formats.ts `next`) until a short or last
 *   page, at most `maxPages`. A 429 or 503 is waited out (its Retry-After, at most a minute) up to three times.
 * - Each item counts once per run (an item repeated on a later page is skipped): new, updated (its normalised fields
 *   changed), or neither; invalid entries are counted and the first reasons kept in the run's error.
 * - A source that answers nothing valid, refuses a page (not JSON, no list) or has at least half its entries
 *   invalid, where the feed held items before, stops the run as `format_changed`, sets the feed's
 *   `formatChangedAt` and hides nothing. A first sync that reads nothing fails instead.
 * - After a complete run (paging ended by the source, not by `maxPages`), items the source no longer lists become
 *   `gone` and their games are hidden as gone (scores and reviews stay); an item that comes back gets its status
 *   back and its game is shown again.
 * - An updated item updates its published game's fields that an admin has not edited (`edited_fields`). A changed
 *   cover address drops our copy so that it is fetched again.
 * - A fetch that fails (an error, another status) fails the run with the error and throws it (the job queue
 *   retries); what earlier pages recorded stays. Two runs of one feed at once record each item once.
 * No HTTP types; times come from `options.now`.
 */
import { isDeepStrictEqual } from "node:util";
import { and, count, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { FeedItem, JsonFeedMapping } from "../../contract/admin/feeds";
import type { Db } from "../db/client";
import { feedItemsTable, feedRunsTable, feedsTable, gamesTable } from "../db/schema";
import { normalizeTitle } from "./feed-duplicates";
import { embedUrlFor, FeedPageRefused, formatChanged, parseFeedPage, type FeedPage } from "./feed-formats";
import { applyAutoApproval, publishDue } from "./feed-publishing";
import { feedPageAmount, feedPageUrl, getFeed, type FeedRow, type FeedRunRow } from "./feeds";

export type FetchedPage = { status: number; body: Buffer; url: string; retryAfterMs?: number };

export type SyncOptions = {
  fetchPage: (url: string, signal?: AbortSignal) => Promise<FetchedPage>;
  now: () => Date;
  publicUrl: string;
  signal?: AbortSignal;
  /** a bound on one run: 1,000 pages of 100 is a catalogue of 100,000 */
  maxPages?: number;
  /** waits out a 429; tests pass a short one */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

export const SYNC_MAX_PAGES = 1000;
const BUSY_RETRIES = 3;
const BUSY_WAIT_DEFAULT_MS = 5_000;
const BUSY_WAIT_MAX_MS = 60_000;
/** How many invalid entries a run's error describes. */
const INVALID_REASONS_KEPT = 5;

export class FeedSyncFailed extends Error {
  override name = "FeedSyncFailed";
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new Error("The sync was stopped"));
      },
      { once: true },
    );
  });

async function fetchWithPatience(url: string, options: SyncOptions): Promise<FetchedPage> {
  const sleep = options.sleep ?? defaultSleep;
  for (let tries = 0; ; tries += 1) {
    const answer = await options.fetchPage(url, options.signal);
    if (answer.status >= 200 && answer.status < 300) return answer;
    const busy = answer.status === 429 || answer.status === 503;
    if (!busy || tries >= BUSY_RETRIES)
      throw new FeedSyncFailed(
        busy
          ? `The feed is still busy (HTTP ${answer.status}) after ${BUSY_RETRIES} waits: the next try comes later`
          : `The feed answered HTTP ${answer.status}`,
      );
    await sleep(Math.min(answer.retryAfterMs ?? BUSY_WAIT_DEFAULT_MS, BUSY_WAIT_MAX_MS), options.signal);
  }
}

/** The item as the database gives it back (undefined fields dropped), so that an unchanged item compares equal. */
const asStored = (item: FeedItem): FeedItem => JSON.parse(JSON.stringify(item)) as FeedItem;

type Counts = { pages: number; newItems: number; updatedItems: number; invalidItems: number; seenItems: number };

async function recordPage(
  db: Db,
  feed: FeedRow,
  page: FeedPage,
  seen: Set<string>,
  counts: Counts,
  options: SyncOptions,
): Promise<void> {
  const fresh: Array<{ item: FeedItem; raw: unknown }> = [];
  page.items.forEach((item, index) => {
    if (seen.has(item.externalId)) return;
    seen.add(item.externalId);
    fresh.push({ item: asStored(item), raw: page.raw[index] ?? null });
  });
  counts.seenItems += fresh.length;
  if (fresh.length === 0) return;
  const existing = await db
    .select({
      externalId: feedItemsTable.externalId,
      item: feedItemsTable.item,
      status: feedItemsTable.status,
      gameId: feedItemsTable.gameId,
    })
    .from(feedItemsTable)
    .where(
      and(
        eq(feedItemsTable.feedId, feed.id),
        inArray(
          feedItemsTable.externalId,
          fresh.map(({ item }) => item.externalId),
        ),
      ),
    );
  const before = new Map(existing.map((row) => [row.externalId, row]));
  const now = options.now();
  await db
    .insert(feedItemsTable)
    .values(
      fresh.map(({ item, raw }) => ({
        feedId: feed.id,
        externalId: item.externalId,
        item,
        raw,
        title: item.title,
        normalizedTitle: normalizeTitle(item.title),
        tags: item.tags,
        categories: item.categories,
        mobile: item.mobile,
        firstSeenAt: now,
        lastSeenAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [feedItemsTable.feedId, feedItemsTable.externalId],
      set: {
        item: sql`excluded.item`,
        raw: sql`excluded.raw`,
        title: sql`excluded.title`,
        normalizedTitle: sql`excluded.normalized_title`,
        tags: sql`excluded.tags`,
        categories: sql`excluded.categories`,
        mobile: sql`excluded.mobile`,
        lastSeenAt: sql`excluded.last_seen_at`,
        status: sql`case when ${feedItemsTable.status} = 'gone' then coalesce(${feedItemsTable.statusBeforeGone}, 'new') else ${feedItemsTable.status} end`,
        statusBeforeGone: sql`null`,
        coverUrl: sql`case when ${feedItemsTable.item}->>'imageUrl' is distinct from excluded.item->>'imageUrl' then null else ${feedItemsTable.coverUrl} end`,
        coverError: sql`case when ${feedItemsTable.item}->>'imageUrl' is distinct from excluded.item->>'imageUrl' then null else ${feedItemsTable.coverError} end`,
        coverHash: sql`case when ${feedItemsTable.item}->>'imageUrl' is distinct from excluded.item->>'imageUrl' then null else ${feedItemsTable.coverHash} end`,
      },
    });

  const returned: number[] = [];
  for (const { item } of fresh) {
    const old = before.get(item.externalId);
    if (!old) {
      counts.newItems += 1;
      continue;
    }
    if (old.status === "gone" && old.gameId !== null) returned.push(old.gameId);
    if (isDeepStrictEqual(old.item, item)) continue;
    counts.updatedItems += 1;
    if (old.gameId !== null) await updatePublishedGame(db, feed, old.gameId, item, options.publicUrl);
  }
  if (returned.length)
    await db
      .update(gamesTable)
      .set({ hiddenReason: null })
      .where(and(inArray(gamesTable.id, returned), eq(gamesTable.hiddenReason, "gone")));
}

/** D113: the fields a sync keeps up to date on a published game, unless an admin has edited them. */
async function updatePublishedGame(
  db: Db,
  feed: FeedRow,
  gameId: number,
  item: FeedItem,
  publicUrl: string,
): Promise<void> {
  const [game] = await db
    .select({ editedFields: gamesTable.editedFields })
    .from(gamesTable)
    .where(eq(gamesTable.id, gameId));
  if (!game) return;
  const edited = new Set(game.editedFields);
  const fields: Partial<typeof gamesTable.$inferInsert> = {
    title: item.title,
    description: item.description,
    ...(item.instructions && { instructions: item.instructions }),
    externalUrl: embedUrlFor(feed.kind, item, `${publicUrl.replace(/\/$/, "")}/game/${gameId}`),
    tags: item.tags,
    mobile: item.mobile,
    frameWidth: item.width,
    frameHeight: item.height,
  };
  const set = Object.fromEntries(Object.entries(fields).filter(([name]) => !edited.has(name)));
  if (Object.keys(set).length === 0) return;
  await db.update(gamesTable).set(set).where(eq(gamesTable.id, gameId));
}

async function itemsHeld(db: Db, feedId: number): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(feedItemsTable)
    .where(and(eq(feedItemsTable.feedId, feedId), ne(feedItemsTable.status, "gone")));
  return total;
}

async function markGone(db: Db, feedId: number, runStartedAt: Date): Promise<number> {
  const gone = await db
    .update(feedItemsTable)
    .set({ statusBeforeGone: sql`${feedItemsTable.status}`, status: "gone" })
    .where(
      and(
        eq(feedItemsTable.feedId, feedId),
        ne(feedItemsTable.status, "gone"),
        lt(feedItemsTable.lastSeenAt, runStartedAt),
      ),
    )
    .returning({ gameId: feedItemsTable.gameId });
  const games = gone.flatMap(({ gameId }) => (gameId === null ? [] : [gameId]));
  for (let i = 0; i < games.length; i += 1000)
    await db
      .update(gamesTable)
      .set({ hiddenReason: "gone" })
      .where(and(inArray(gamesTable.id, games.slice(i, i + 1000)), sql`${gamesTable.hiddenReason} is null`));
  return gone.length;
}

async function finishRun(db: Db, runId: number, fields: Partial<FeedRunRow>): Promise<FeedRunRow> {
  const [run] = await db.update(feedRunsTable).set(fields).where(eq(feedRunsTable.id, runId)).returning();
  return run;
}

export async function syncFeed(db: Db, feedId: number, options: SyncOptions): Promise<FeedRunRow> {
  const feed = await getFeed(db, feedId);
  const heldBefore = await itemsHeld(db, feed.id);
  const startedAt = options.now();
  const [run] = await db.insert(feedRunsTable).values({ feedId: feed.id, startedAt }).returning();
  const counts: Counts = { pages: 0, newItems: 0, updatedItems: 0, invalidItems: 0, seenItems: 0 };
  const reasons: string[] = [];
  const seen = new Set<string>();
  const visited = new Set<string>();
  const maxPages = options.maxPages ?? SYNC_MAX_PAGES;
  let refused: string | undefined;
  let complete = false;
  let pageNumber = 1;
  let url = feedPageUrl(feed, 1);

  try {
    while (counts.pages < maxPages) {
      visited.add(url);
      const answer = await fetchWithPatience(url, options);
      counts.pages += 1;
      let page: FeedPage;
      try {
        page = parseFeedPage(feed.kind, answer.body.toString("utf8"), {
          page: pageNumber,
          amount: feedPageAmount(feed, url),
          url: answer.url,
          mapping: (feed.mapping as JsonFeedMapping | null) ?? undefined,
        });
      } catch (err) {
        if (!(err instanceof FeedPageRefused)) throw err;
        refused = `Page ${pageNumber}: ${err.message}`;
        break;
      }
      counts.invalidItems += page.invalid.length;
      for (const { index, reason } of page.invalid.slice(0, INVALID_REASONS_KEPT - reasons.length))
        reasons.push(`page ${pageNumber}, entry ${index + 1}: ${reason}`);
      await recordPage(db, feed, page, seen, counts, options);
      if (page.next?.url && !visited.has(page.next.url)) url = page.next.url;
      else if (page.next?.page) {
        pageNumber = page.next.page;
        url = feedPageUrl(feed, pageNumber);
        if (visited.has(url)) {
          complete = true;
          break;
        }
      } else {
        complete = true;
        break;
      }
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await finishRun(db, run.id, { ...counts, state: "failed", error: message, finishedAt: options.now() });
    throw err;
  }

  const invalidNote = reasons.length
    ? `${counts.invalidItems} ${counts.invalidItems === 1 ? "entry was" : "entries were"} not valid, e.g. ${reasons.join("; ")}`
    : null;
  const drifted =
    refused !== undefined ||
    formatChanged({ parsed: counts.seenItems, invalid: counts.invalidItems, lastRunItems: heldBefore });
  if (drifted && heldBefore > 0) {
    const finishedAt = options.now();
    await db.update(feedsTable).set({ formatChangedAt: finishedAt }).where(eq(feedsTable.id, feed.id));
    return finishRun(db, run.id, {
      ...counts,
      state: "format_changed",
      error: ["This feed's format changed", refused, invalidNote].filter(Boolean).join(". "),
      finishedAt,
    });
  }
  if (refused !== undefined || counts.seenItems === 0) {
    const message = refused ?? invalidNote ?? "The feed listed no games";
    await finishRun(db, run.id, { ...counts, state: "failed", error: message, finishedAt: options.now() });
    throw new FeedSyncFailed(message);
  }

  const goneItems = complete ? await markGone(db, feed.id, startedAt) : 0;
  await applyAutoApproval(db, feed, options.now());
  await publishDue(db, feed, { publicUrl: options.publicUrl, now: options.now() });
  const finishedAt = options.now();
  await db
    .update(feedsTable)
    .set({ lastSyncedAt: finishedAt, formatChangedAt: null })
    .where(eq(feedsTable.id, feed.id));
  return finishRun(db, run.id, {
    ...counts,
    goneItems,
    state: "succeeded",
    error: complete ? invalidNote : [`Stopped after ${maxPages} pages`, invalidNote].filter(Boolean).join(". "),
    finishedAt,
  });
}
