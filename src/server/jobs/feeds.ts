import { and, eq, inArray, sql } from "drizzle-orm";
import type { FeedRules } from "../../contract/admin/feeds";
import type { Db } from "../db/client";
import { feedsTable, jobsTable } from "../db/schema";
import { fetchFeedCovers, COVER_LIMITS } from "../services/feed-covers";
import { FEED_PAGE_MAX_CHARS } from "../services/feed-formats";
import { publishDue } from "../services/feed-publishing";
import { syncFeed } from "../services/feed-sync";
import type { FileStore } from "../services/file-store";
import { enqueueJob, type Job } from "../services/job-queue";
import { outsideFetch } from "../services/outside-fetch";
import type { JobHandler } from "./runner";

/** D110: one sync of a feed (payload `{feedId}`), queued by "Sync now" and by the feeds' schedules. */
export const FEED_SYNC_JOB = "feeds.sync";
/** D112: fetches a feed's covers in the background (payload `{feedId}`), continued by a new job while some wait. */
export const FEED_COVERS_JOB = "feeds.covers";
/** D110, D111: every 5 minutes, queues the syncs that feeds' schedules make due and publishes what quotas allow. */
export const FEEDS_SCHEDULE = { name: "feeds.schedule", cron: "*/5 * * * *" } as const;

const FEED_TIMEOUT_MS = 30_000;
/** A covers job gives its process back after this long and queues its continuation. */
const COVERS_JOB_MS = 2 * 60 * 1000;
/**
 * New covers drop the cached public reads at most this often: a bulk import's covers arrive every second, and every
 * drop makes each page be rendered again (bench/RESULTS.md, the feed import).
 */
const COVERS_ANNOUNCE_MS = 15_000;
const SCHEDULE_INTERVAL_MS = { hourly: 60 * 60 * 1000, daily: 24 * 60 * 60 * 1000 } as const;

export type FeedJobsContext = {
  db: Db;
  files: FileStore;
  now: () => Date;
  publicUrl: string;
  /** FETCH_ALLOW_PRIVATE */
  allowPrivate: boolean;
  /** what players see changed (games published, hidden or updated): the cached public reads are dropped */
  catalogueChanged: () => Promise<void>;
  /** How long a covers job runs before it queues its continuation; COVERS_JOB_MS unless a test shortens it. */
  coversSliceMs?: number;
};

const feedIdOf = (job: Job): number => {
  const feedId = (job.payload as { feedId?: unknown } | null)?.feedId;
  if (typeof feedId !== "number" || !Number.isInteger(feedId)) throw new Error("the job names no feed");
  return feedId;
};

/** The unfinished job of this name for a feed, if one waits or runs. */
async function pendingFeedJob(db: Db, name: string, feedId: number): Promise<Job | undefined> {
  const [job] = await db
    .select()
    .from(jobsTable)
    .where(
      and(
        eq(jobsTable.name, name),
        inArray(jobsTable.state, ["queued", "running"]),
        sql`${jobsTable.payload}->>'feedId' = ${String(feedId)}`,
      ),
    )
    .limit(1);
  return job;
}

/** "Sync now": queues a sync of the feed, or answers the one already waiting or running. */
export async function enqueueFeedSync(db: Db, feedId: number, now: Date, uniqueKey?: string): Promise<Job | null> {
  const pending = await pendingFeedJob(db, FEED_SYNC_JOB, feedId);
  if (pending) return pending;
  return enqueueJob(db, { name: FEED_SYNC_JOB, payload: { feedId }, runAt: now, uniqueKey, maxAttempts: 3 });
}

async function enqueueFeedCovers(db: Db, feedId: number, now: Date): Promise<void> {
  if (await pendingFeedJob(db, FEED_COVERS_JOB, feedId)) return;
  await enqueueJob(db, { name: FEED_COVERS_JOB, payload: { feedId }, runAt: now });
}

export function feedJobHandlers(context: FeedJobsContext): Record<string, JobHandler> {
  const { db, files, now } = context;
  return {
    [FEED_SYNC_JOB]: async ({ job, signal }) => {
      const feedId = feedIdOf(job);
      try {
        await syncFeed(db, feedId, {
          now,
          publicUrl: context.publicUrl,
          signal,
          fetchPage: (url) =>
            outsideFetch(url, {
              maxBytes: FEED_PAGE_MAX_CHARS,
              timeoutMs: FEED_TIMEOUT_MS,
              allowPrivate: context.allowPrivate,
              headers: { accept: "application/json, text/plain;q=0.5, */*;q=0.1" },
              subject: "The feed",
            }),
        });
      } finally {
        await context.catalogueChanged();
        await enqueueFeedCovers(db, feedId, now());
      }
    },
    [FEED_COVERS_JOB]: async ({ job, signal }) => {
      const feedId = feedIdOf(job);
      const until = Date.now() + (context.coversSliceMs ?? COVERS_JOB_MS);
      let more: boolean;
      let unannounced = 0;
      let announcedAt = Date.now();
      const announce = async () => {
        unannounced = 0;
        announcedAt = Date.now();
        await context.catalogueChanged();
      };
      do {
        const result = await fetchFeedCovers(db, files, feedId, {
          fetchImage: (url) =>
            outsideFetch(url, {
              ...COVER_LIMITS,
              allowPrivate: context.allowPrivate,
              accept: (type) => type.startsWith("image/"),
              subject: "The cover",
            }),
        });
        more = result.more;
        unannounced += result.done;
        if (unannounced > 0 && Date.now() - announcedAt >= COVERS_ANNOUNCE_MS) await announce();
      } while (more && Date.now() < until && !signal.aborted);
      if (unannounced > 0) await announce();
      // Due when the first slice was, so that it goes before the link-preview jobs its covers queued: a bulk
      // import's covers, which every card shows, come first, the pictures for shared links after them.
      if (more) await enqueueJob(db, { name: FEED_COVERS_JOB, payload: { feedId }, runAt: job.runAt });
    },
    [FEEDS_SCHEDULE.name]: async () => {
      const at = now();
      const feeds = await db.select().from(feedsTable).where(eq(feedsTable.paused, false));
      let published = 0;
      for (const feed of feeds) {
        if (feed.schedule !== "off") {
          const interval = SCHEDULE_INTERVAL_MS[feed.schedule];
          const due = !feed.lastSyncedAt || at.getTime() - feed.lastSyncedAt.getTime() >= interval - 60_000;
          const slot = Math.floor(at.getTime() / interval);
          if (due) await enqueueFeedSync(db, feed.id, at, `${FEED_SYNC_JOB}:${feed.id}@${slot}`);
        }
        if ((feed.rules as FeedRules).publishPerDay !== undefined)
          published += await publishDue(db, feed, { publicUrl: context.publicUrl, now: at });
      }
      if (published > 0) await context.catalogueChanged();
    },
  };
}
