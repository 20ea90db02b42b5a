/**
 * D113: the same game offered by two distributors. Items of different feeds whose titles read the same are suggested
 * as duplicates, with how alike their covers are; an admin merges them (one game stays) or keeps them apart.
 *
 * Contract:
 * - `normalizeTitle` is what titles are compared by: lower case, accents dropped, "&" read as "and", the words
 *   "online", "html5", "game" and "the" dropped, anything but letters and digits dropped ("The Snake Game HTML5" and
 *   "snake" read the same). It is stored with each item by the sync.
 * - `coverHash` is a 64-bit difference hash of a picture (16 hex digits); `coverDistance` the number of bits two
 *   hashes differ in (0–64), null when either cover is not fetched. Covers 10 bits apart or fewer look alike.
 * - `listDuplicates` answers pairs of items from different feeds with the same normalised title, neither rejected,
 *   gone or already merged, that no admin kept apart; the pairs whose covers look alike first, then by item.
 * - `mergeDuplicate(keep, other)` keeps `keep` and rejects `other` as its duplicate; when `other` was published and
 *   `keep` was not, `keep` takes its place (approved, so that it publishes); a published `other`'s game is hidden as
 *   a duplicate (its scores and reviews kept). `keepApart` records that the two are different games. Both refuse a
 *   pair that is not suggested (`Invalid`).
 * No HTTP types.
 */
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { ALIKE_COVER_BITS, type FeedItemView } from "../../contract/admin/feeds";
import type { Db } from "../db/client";
import { feedDuplicateDecisionsTable, feedItemsTable, feedsTable, gamesTable } from "../db/schema";
import { Invalid } from "../errors";
import { feedItemView, publishDue, type FeedItemRow, type PublishOptions } from "./feed-publishing";
import { loadSharp } from "./sharp";

const DROPPED_WORDS = new Set(["online", "html5", "game", "the"]);

export function normalizeTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !DROPPED_WORDS.has(word))
    .join("");
}

/** A difference hash: the picture as 9×8 grey pixels, one bit per pair of neighbours (is the left one brighter?). */
export async function coverHash(picture: Buffer): Promise<string> {
  const sharp = await loadSharp();
  const pixels = await sharp(picture, { limitInputPixels: 40_000_000 })
    .greyscale()
    .resize(9, 8, { fit: "fill" })
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let row = 0; row < 8; row += 1)
    for (let col = 0; col < 8; col += 1)
      bits = (bits << 1n) | (pixels[row * 9 + col] > pixels[row * 9 + col + 1] ? 1n : 0n);
  return bits.toString(16).padStart(16, "0");
}

export function coverDistance(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (diff) {
    bits += Number(diff & 1n);
    diff >>= 1n;
  }
  return bits;
}

export type DuplicatePair = { items: [FeedItemView, FeedItemView]; coverDistance: number | null };

const OUT_OF_PLAY: Array<"rejected" | "gone"> = ["rejected", "gone"];

async function itemsWithFeeds(db: Db, ids: number[]): Promise<Map<number, FeedItemRow & { feedName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ row: feedItemsTable, feedName: feedsTable.name })
    .from(feedItemsTable)
    .innerJoin(feedsTable, eq(feedsTable.id, feedItemsTable.feedId))
    .where(inArray(feedItemsTable.id, ids));
  return new Map(rows.map(({ row, feedName }) => [row.id, { ...row, feedName }]));
}

/** The suggested pairs' ids, as (lower id, higher id). */
async function suggestedPairs(db: Db, only?: [number, number]): Promise<Array<[number, number]>> {
  const rows = await db.execute<{ a: string | number; b: string | number }>(sql`
    select a.id as a, b.id as b
    from ${feedItemsTable} a
    join ${feedItemsTable} b on b.normalized_title = a.normalized_title and b.feed_id <> a.feed_id and b.id > a.id
    where a.normalized_title <> ''
      and a.status not in ('rejected', 'gone') and b.status not in ('rejected', 'gone')
      and a.duplicate_of is null and b.duplicate_of is null
      ${only ? sql`and a.id = ${only[0]} and b.id = ${only[1]}` : sql``}
      and not exists (select 1 from ${feedDuplicateDecisionsTable} d where d.item_a = a.id and d.item_b = b.id)
    order by a.id, b.id
    limit 2000`);
  return rows.rows.map(({ a, b }) => [Number(a), Number(b)]);
}

export async function listDuplicates(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ pairs: DuplicatePair[]; total: number }> {
  const ids = await suggestedPairs(db);
  const items = await itemsWithFeeds(db, [...new Set(ids.flat())]);
  const pairs = ids
    .map(([a, b]) => {
      const first = items.get(a)!;
      const second = items.get(b)!;
      return {
        items: [feedItemView(first), feedItemView(second)] as [FeedItemView, FeedItemView],
        coverDistance: coverDistance(first.coverHash, second.coverHash),
      };
    })
    .sort((x, y) => Number(alike(y)) - Number(alike(x)));
  return { pairs: pairs.slice(page.offset, page.offset + page.limit), total: pairs.length };
}

const alike = (pair: DuplicatePair) => pair.coverDistance !== null && pair.coverDistance <= ALIKE_COVER_BITS;

async function assertSuggested(db: Db, first: number, second: number): Promise<void> {
  const pair: [number, number] = first < second ? [first, second] : [second, first];
  if (first === second || (await suggestedPairs(db, pair)).length === 0)
    throw new Invalid("These two items are not a suggested duplicate");
}

export async function mergeDuplicate(db: Db, keepId: number, otherId: number, options: PublishOptions): Promise<void> {
  await assertSuggested(db, keepId, otherId);
  const now = options.now;
  const takesItsPlace = await db.transaction(async (tx) => {
    const [other] = await tx
      .update(feedItemsTable)
      .set({ status: "rejected", duplicateOf: keepId, approvedAt: null })
      .where(and(eq(feedItemsTable.id, otherId), notInArray(feedItemsTable.status, OUT_OF_PLAY)))
      .returning({ gameId: feedItemsTable.gameId });
    if (!other) throw new Invalid("These two items are not a suggested duplicate");
    if (other.gameId === null) return undefined;
    await tx
      .update(gamesTable)
      .set({ hiddenReason: "duplicate", updatedAt: now })
      .where(and(eq(gamesTable.id, other.gameId), sql`${gamesTable.hiddenReason} is null`));
    const [kept] = await tx
      .update(feedItemsTable)
      .set({ status: "approved", approvedAt: now })
      .where(and(eq(feedItemsTable.id, keepId), eq(feedItemsTable.status, "new")))
      .returning({ feedId: feedItemsTable.feedId });
    return kept?.feedId;
  });
  if (takesItsPlace === undefined) return;
  const [feed] = await db.select().from(feedsTable).where(eq(feedsTable.id, takesItsPlace));
  await publishDue(db, feed, options);
}

export async function keepApart(db: Db, firstId: number, secondId: number, now: Date): Promise<void> {
  await assertSuggested(db, firstId, secondId);
  await db
    .insert(feedDuplicateDecisionsTable)
    .values({ itemA: Math.min(firstId, secondId), itemB: Math.max(firstId, secondId), decidedAt: now })
    .onConflictDoNothing();
}
