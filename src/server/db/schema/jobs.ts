import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { JOB_STATES } from "../../../contract/jobs-constants";

/**
 * D116: the background work of every process, as rows. Written by `services/job-queue.ts` only, which claims a due job
 * with `for update skip locked` so that one process runs it, and holds it by a lease that a killed process lets lapse.
 */
export const jobsTable = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** the kind of work: a handler's name (src/server/jobs/) */
    name: text("name").notNull(),
    payload: jsonb("payload").notNull().default({}),
    /** queued (waiting for its time), running (a process holds its lease), then succeeded, failed or cancelled */
    state: text("state", { enum: JOB_STATES }).notNull().default("queued"),
    /** not before this time: when it was scheduled for, or when its next try is due */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** tries so far (a try that a killed process left behind counts) */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lastError: text("last_error"),
    /** the process running it (host, pid and a random part), while running */
    lockedBy: text("locked_by"),
    /** while running: the lease; past it, another process may take the job over */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** one job per key: a schedule's slot ("housekeeping@2026-12-06T14:10:00.000Z"), so that processes enqueue it once */
    uniqueKey: text("unique_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_unique_key_idx").on(t.uniqueKey),
    index("jobs_due_idx")
      .on(t.runAt, t.id)
      .where(sql`${t.state} = 'queued'`),
    index("jobs_lease_idx")
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index("jobs_name_created_idx").on(t.name, t.createdAt),
    check("jobs_state_check", sql`${t.state} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
    check("jobs_attempts_check", sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);
