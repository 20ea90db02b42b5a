/**
 * The job queue (D116): background work kept as rows of `jobs`, so that it survives a restart and runs once across
 * processes.
 *
 * Contract:
 * - `enqueueJob` adds a job, due at `runAt` (default now). With a `uniqueKey` a second enqueue of the same key adds
 *   nothing and answers null, whatever the first one's state: a schedule's slot is enqueued once by all processes.
 * - `claimNextJob` hands the due job with the earliest time (of the given names) to one worker: it is marked running,
 *   its try counted and leased to that worker until `now + leaseMs`. A running job whose lease has lapsed (its process
 *   was killed or hung) is due again and is claimed like a queued one. Two workers never get the same job: the row is
 *   taken `for update skip locked`.
 * - `extendLease` keeps a long job's lease while its worker is alive; it answers false when the job is no longer this
 *   worker's (it was cancelled, or taken over after the lease lapsed), and the worker should then stop.
 * - `completeJob` marks a worker's job succeeded. `failJob` puts it back in the queue after a back-off that doubles
 *   with each try (`retryDelayMs`), or marks it failed once its tries are used up; the error's message is kept.
 *   Both do nothing to a job that is no longer the worker's.
 * - `requeueAbandoned` puts back in the queue, due at once, the running jobs of workers that are known to be gone
 *   (the caller decides which, e.g. earlier processes on this host), without waiting for their leases to lapse.
 * - `releaseJob` gives a worker's job back untried (its process is stopping): due at once, the try not counted.
 * - `runJobNow` makes a queued or failed job due now (a failed one gets its tries back); `cancelJob` cancels a
 *   queued one. Both answer whether anything changed.
 * - `enqueueDueSlots` enqueues, for each schedule, its latest slot at or before now (unique per slot), so that a
 *   process that was down over several slots runs a schedule once, not once per slot missed.
 * - `purgeFinishedJobs` deletes finished jobs older than the retention; `listJobs` and `jobCounts` are the CMS's view.
 * - `jobQueueHealth` (D164) answers how many jobs failed for good in the day before now, and since when the
 *   longest-waiting due job has waited (null when none is due).
 * Times come from the caller (the app's clock). No HTTP types.
 */
import { CronExpressionParser } from "cron-parser";
import { and, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { JobState } from "../../contract/jobs-constants";
import type { Db } from "../db/client";
import { jobsTable } from "../db/schema";

export type Job = typeof jobsTable.$inferSelect;

/** A schedule: enqueue `name` at every slot of a cron expression (UTC). */
export type JobSchedule = { name: string; cron: string; payload?: Record<string, unknown>; maxAttempts?: number };

export const DEFAULT_MAX_ATTEMPTS = 5;
/** The first retry's delay; each later one doubles it, up to RETRY_DELAY_MAX_MS. */
export const RETRY_DELAY_BASE_MS = 30_000;
export const RETRY_DELAY_MAX_MS = 60 * 60 * 1000;
/** How long finished jobs stay listed in the CMS. */
export const FINISHED_JOB_RETENTION_DAYS = 14;
/** The longest error message kept on a job. */
const LAST_ERROR_MAX_CHARS = 2000;

/** The delay before the next try after `attempts` tries: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_DELAY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_DELAY_MAX_MS);
}

export async function enqueueJob(
  db: Db,
  job: { name: string; payload?: Record<string, unknown>; runAt?: Date; uniqueKey?: string; maxAttempts?: number },
): Promise<Job | null> {
  const rows = await db
    .insert(jobsTable)
    .values({
      name: job.name,
      payload: job.payload ?? {},
      runAt: job.runAt ?? new Date(),
      uniqueKey: job.uniqueKey ?? null,
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    })
    .onConflictDoNothing({ target: jobsTable.uniqueKey })
    .returning();
  return rows[0] ?? null;
}

export async function claimNextJob(
  db: Db,
  options: { worker: string; names: readonly string[]; now: Date; leaseMs: number },
): Promise<Job | null> {
  if (options.names.length === 0) return null;
  const now = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const names = sql.join(
    options.names.map((name) => sql`${name}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    update jobs set state = 'running', attempts = attempts + 1, locked_by = ${options.worker},
      locked_until = ${until}::timestamptz, started_at = ${now}::timestamptz, finished_at = null
    where id = (
      select id from jobs
      where name in (${names})
        and ((state = 'queued' and run_at <= ${now}::timestamptz)
          or (state = 'running' and locked_until < ${now}::timestamptz))
      order by run_at, id
      limit 1
      for update skip locked
    )
    returning id`);
  const id = (result.rows[0] as { id: number | string } | undefined)?.id;
  if (id === undefined) return null;
  const [job] = await db
    .select()
    .from(jobsTable)
    .where(eq(jobsTable.id, Number(id)));
  return job ?? null;
}

const heldBy = (jobId: number, worker: string) =>
  and(eq(jobsTable.id, jobId), eq(jobsTable.state, "running"), eq(jobsTable.lockedBy, worker));

export async function extendLease(db: Db, jobId: number, worker: string, until: Date): Promise<boolean> {
  const rows = await db
    .update(jobsTable)
    .set({ lockedUntil: until })
    .where(heldBy(jobId, worker))
    .returning({ id: jobsTable.id });
  return rows.length > 0;
}

export async function completeJob(db: Db, jobId: number, worker: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobsTable)
    .set({ state: "succeeded", finishedAt: now, lockedBy: null, lockedUntil: null, lastError: null })
    .where(heldBy(jobId, worker))
    .returning({ id: jobsTable.id });
  return rows.length > 0;
}

/** Answers the job's new state (queued for a retry, or failed), or null when the job was no longer the worker's. */
export async function failJob(
  db: Db,
  jobId: number,
  worker: string,
  error: unknown,
  now: Date,
): Promise<"queued" | "failed" | null> {
  const message = (error instanceof Error ? error.message || error.name : String(error)).slice(0, LAST_ERROR_MAX_CHARS);
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobsTable).where(heldBy(jobId, worker)).for("update");
    if (!job) return null;
    const retry = job.attempts < job.maxAttempts;
    await tx
      .update(jobsTable)
      .set(
        retry
          ? {
              state: "queued",
              runAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
              lastError: message,
              lockedBy: null,
              lockedUntil: null,
            }
          : { state: "failed", finishedAt: now, lastError: message, lockedBy: null, lockedUntil: null },
      )
      .where(eq(jobsTable.id, jobId));
    return retry ? "queued" : "failed";
  });
}

export async function releaseJob(db: Db, jobId: number, worker: string): Promise<boolean> {
  const rows = await db
    .update(jobsTable)
    .set({
      state: "queued",
      attempts: sql`greatest(${jobsTable.attempts} - 1, 0)`,
      lockedBy: null,
      lockedUntil: null,
      startedAt: null,
    })
    .where(heldBy(jobId, worker))
    .returning({ id: jobsTable.id });
  return rows.length > 0;
}

export async function requeueAbandoned(db: Db, isGone: (worker: string) => boolean, now: Date): Promise<number> {
  const running = await db
    .select({ id: jobsTable.id, lockedBy: jobsTable.lockedBy })
    .from(jobsTable)
    .where(eq(jobsTable.state, "running"));
  const gone = running.filter((job) => job.lockedBy !== null && isGone(job.lockedBy));
  let requeued = 0;
  for (const job of gone) {
    const rows = await db
      .update(jobsTable)
      .set({ state: "queued", runAt: now, lockedBy: null, lockedUntil: null })
      .where(heldBy(job.id, job.lockedBy!))
      .returning({ id: jobsTable.id });
    requeued += rows.length;
  }
  return requeued;
}

export async function runJobNow(db: Db, jobId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobsTable)
    .set({
      state: "queued",
      runAt: now,
      finishedAt: null,
      attempts: sql`case when ${jobsTable.state} = 'failed' then 0 else ${jobsTable.attempts} end`,
    })
    .where(and(eq(jobsTable.id, jobId), inArray(jobsTable.state, ["queued", "failed"])))
    .returning({ id: jobsTable.id });
  return rows.length > 0;
}

export async function cancelJob(db: Db, jobId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobsTable)
    .set({ state: "cancelled", finishedAt: now })
    .where(and(eq(jobsTable.id, jobId), eq(jobsTable.state, "queued")))
    .returning({ id: jobsTable.id });
  return rows.length > 0;
}

/** The latest slot of a cron expression (UTC) at or before `now`. */
export function latestSlot(cron: string, now: Date): Date {
  // A slot exactly at `now` is due: start the search just after it.
  return CronExpressionParser.parse(cron, { currentDate: new Date(now.getTime() + 1), tz: "UTC" })
    .prev()
    .toDate();
}

/** The first slot of a cron expression (UTC) after `now`. */
export function nextSlot(cron: string, now: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: now, tz: "UTC" }).next().toDate();
}

/** The unique key of a schedule's slot. */
export const slotKey = (name: string, slot: Date) => `${name}@${slot.toISOString()}`;

/** Answers the jobs it enqueued (none for slots enqueued before, by this process or another). */
export async function enqueueDueSlots(db: Db, schedules: readonly JobSchedule[], now: Date): Promise<Job[]> {
  const added: Job[] = [];
  for (const schedule of schedules) {
    const slot = latestSlot(schedule.cron, now);
    const job = await enqueueJob(db, {
      name: schedule.name,
      payload: schedule.payload,
      runAt: slot,
      uniqueKey: slotKey(schedule.name, slot),
      maxAttempts: schedule.maxAttempts,
    });
    if (job) added.push(job);
  }
  return added;
}

export async function purgeFinishedJobs(
  db: Db,
  now: Date,
  retentionDays = FINISHED_JOB_RETENTION_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const rows = await db
    .delete(jobsTable)
    .where(and(inArray(jobsTable.state, ["succeeded", "failed", "cancelled"]), lt(jobsTable.finishedAt, cutoff)))
    .returning({ id: jobsTable.id });
  return rows.length;
}

export async function listJobs(
  db: Db,
  options: { id?: number; state?: JobState; name?: string; limit?: number } = {},
): Promise<Job[]> {
  const conditions = [
    options.id === undefined ? undefined : eq(jobsTable.id, options.id),
    options.state ? eq(jobsTable.state, options.state) : undefined,
    options.name ? eq(jobsTable.name, options.name) : undefined,
  ];
  return db
    .select()
    .from(jobsTable)
    .where(and(...conditions))
    .orderBy(desc(jobsTable.runAt), desc(jobsTable.id))
    .limit(options.limit ?? 100);
}

/** How many jobs are in each state (the queue's depth is `queued`). */
export async function jobCounts(db: Db): Promise<Record<JobState, number>> {
  const rows = await db
    .select({ state: jobsTable.state, n: sql<number>`count(*)::int` })
    .from(jobsTable)
    .groupBy(jobsTable.state);
  const counts: Record<JobState, number> = { queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

/** D164: the queue's health for the system page. */
export async function jobQueueHealth(
  db: Db,
  now: Date,
): Promise<{ failedLastDay: number; oldestWaitingSince: Date | null }> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [failed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobsTable)
    .where(and(eq(jobsTable.state, "failed"), gte(jobsTable.finishedAt, dayAgo)));
  const [waiting] = await db
    .select({ runAt: jobsTable.runAt })
    .from(jobsTable)
    .where(and(eq(jobsTable.state, "queued"), lte(jobsTable.runAt, now)))
    .orderBy(jobsTable.runAt)
    .limit(1);
  return { failedLastDay: Number(failed?.n ?? 0), oldestWaitingSince: waiting?.runAt ?? null };
}
