import type { Db } from "../db/client";
import { checkEmbedBatch, embedFetcher, type FetchEmbed } from "../services/embed-checks";
import { enqueueJob } from "../services/job-queue";
import type { JobHandler } from "./runner";

/**
 * D114: every day at 04:20 UTC, checks the embed of every shown game embedded from another site. A run that takes
 * longer than `EMBED_CHECK_JOB_MS` gives its process back and queues its continuation (payload `{since}`, the run's
 * start: a game checked since then is not checked again by the continuation).
 */
export const EMBED_CHECK_SCHEDULE = { name: "games.embed-check", cron: "20 4 * * *" } as const;

const EMBED_CHECK_JOB_MS = 3 * 60 * 1000;

export type EmbedCheckJobContext = {
  db: Db;
  now: () => Date;
  gamesUrl: string;
  /** FETCH_ALLOW_PRIVATE */
  allowPrivate: boolean;
  /** what players see changed (a game hidden): the cached public reads and the framed origins are dropped */
  catalogueChanged: () => Promise<void>;
  /** the tests' fixture servers; outsideFetch within the limits of services/embed-checks.ts otherwise */
  fetchEmbed?: FetchEmbed;
  /** how long one job runs before it continues in a new one */
  sliceMs?: number;
};

function sinceOf(payload: unknown): Date | undefined {
  const since = (payload as { since?: unknown } | null)?.since;
  if (typeof since !== "string") return undefined;
  const at = new Date(since);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

export function embedCheckJobHandlers(context: EmbedCheckJobContext): Record<string, JobHandler> {
  const { db, now } = context;
  return {
    [EMBED_CHECK_SCHEDULE.name]: async ({ job, signal }) => {
      const since = sinceOf(job.payload) ?? now();
      const until = Date.now() + (context.sliceMs ?? EMBED_CHECK_JOB_MS);
      const deps = {
        db,
        now,
        gamesUrl: context.gamesUrl,
        fetchEmbed: context.fetchEmbed ?? embedFetcher({ allowPrivate: context.allowPrivate }),
      };
      let more = true;
      while (more && Date.now() < until && !signal.aborted) {
        const result = await checkEmbedBatch(deps, { before: since });
        more = result.more;
        if (result.hidden.length > 0) await context.catalogueChanged();
      }
      if (more)
        await enqueueJob(db, {
          name: EMBED_CHECK_SCHEDULE.name,
          payload: { since: since.toISOString() },
          runAt: now(),
        });
    },
  };
}
