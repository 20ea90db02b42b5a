/**
 * D112: covers are ours. A feed item's image is fetched in the background, bounded, re-encoded as our WebP card (the
 * same as an uploaded cover, images.ts) and served by the site; a page never loads a distributor's image host.
 *
 * Contract:
 * - `fetchFeedCovers(db, files, feedId, options)` takes up to `batch` items of the feed that have neither a cover
 *   nor a cover error (published items first, then approved, then the rest; rejected and gone items never), fetches
 *   each through `options.fetchImage` (5 MB, image types only, 10 s in production), stores it and records its
 *   address, or records why not (`cover_error`: not an image, too large, unreachable …), which is not tried again
 *   until the feed gives another address. Answers how many were done and whether more wait.
 * - A published game whose cover an admin has not edited gets the new cover, and its link-preview picture is queued.
 * No HTTP types.
 */
import { and, asc, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { FeedItem } from "../../contract/admin/feeds";
import type { Db } from "../db/client";
import { feedItemsTable, gamesTable } from "../db/schema";
import { coverHash } from "./feed-duplicates";
import type { FileStore } from "./file-store";
import { DEFAULT_IMAGE_LIMITS, storeUploadedImage } from "./images";
import { enqueueOgImage } from "./og-images";

export const COVER_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000 } as const;

export type FetchedImage = { status: number; body: Buffer };

export type CoverOptions = {
  fetchImage: (url: string) => Promise<FetchedImage>;
  batch?: number;
  /** covers fetched at once; two keep a small machine's pages quick while thousands are imported */
  concurrency?: number;
};

const DEFAULT_BATCH = 40;
const ERROR_MAX_CHARS = 300;

async function storeCover(
  files: FileStore,
  url: string,
  fetchImage: CoverOptions["fetchImage"],
): Promise<{ coverUrl: string; coverHash: string } | { error: string }> {
  try {
    const answer = await fetchImage(url);
    if (answer.status !== 200) return { error: `The cover's address answered HTTP ${answer.status}` };
    const { imageUrl } = await storeUploadedImage(files, answer.body, DEFAULT_IMAGE_LIMITS);
    return { coverUrl: imageUrl, coverHash: await coverHash(answer.body) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { error: message.slice(0, ERROR_MAX_CHARS) };
  }
}

export async function fetchFeedCovers(
  db: Db,
  files: FileStore,
  feedId: number,
  options: CoverOptions,
): Promise<{ done: number; more: boolean }> {
  const batch = options.batch ?? DEFAULT_BATCH;
  const waiting = await db
    .select({ id: feedItemsTable.id, item: feedItemsTable.item, gameId: feedItemsTable.gameId })
    .from(feedItemsTable)
    .where(
      and(
        eq(feedItemsTable.feedId, feedId),
        isNull(feedItemsTable.coverUrl),
        isNull(feedItemsTable.coverError),
        notInArray(feedItemsTable.status, ["rejected", "gone"]),
      ),
    )
    .orderBy(
      sql`case ${feedItemsTable.status} when 'published' then 0 when 'approved' then 1 else 2 end`,
      asc(feedItemsTable.id),
    )
    .limit(batch + 1);
  const todo = waiting.slice(0, batch);
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const row = todo[next++];
      const imageUrl = (row.item as FeedItem).imageUrl;
      const outcome = imageUrl
        ? await storeCover(files, imageUrl, options.fetchImage)
        : { error: "The feed gives no cover" };
      await db
        .update(feedItemsTable)
        .set(
          "coverUrl" in outcome
            ? { coverUrl: outcome.coverUrl, coverHash: outcome.coverHash }
            : { coverError: outcome.error },
        )
        .where(eq(feedItemsTable.id, row.id));
      if ("coverUrl" in outcome && row.gameId !== null) await giveGameItsCover(db, row.gameId, outcome.coverUrl);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
  return { done: todo.length, more: waiting.length > batch };
}

async function giveGameItsCover(db: Db, gameId: number, coverUrl: string): Promise<void> {
  const changed = await db
    .update(gamesTable)
    .set({ imageUrl: coverUrl })
    .where(and(eq(gamesTable.id, gameId), sql`not ('imageUrl' = any(${gamesTable.editedFields}))`))
    .returning({ id: gamesTable.id });
  if (changed.length) await enqueueOgImage(db, coverUrl);
}
