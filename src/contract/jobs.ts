import { z } from "zod";
import { JOB_STATES, JOBS_PAGE, type JobScheduleView, type JobsPage, type JobView } from "./jobs-constants";

/** D116: the job queue's CMS screen. Types and constants: ./jobs-constants.ts. */
export * from "./jobs-constants";

/** GET /api/admin/jobs: filters (optional, combined with "and"). */
export const jobsQuerySchema = z.object({
  state: z.enum(JOB_STATES).optional(),
  name: z.string().trim().max(60, "A job name is at most 60 characters").optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(JOBS_PAGE.max, `At most ${JOBS_PAGE.max} jobs at once`)
    .default(JOBS_PAGE.default),
});

export const jobViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  runAt: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  lockedBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
}) satisfies z.ZodType<JobView>;

export const jobScheduleViewSchema = z.object({
  name: z.string(),
  cron: z.string(),
  nextRunAt: z.string(),
}) satisfies z.ZodType<JobScheduleView>;

export const jobsPageSchema = z.object({
  jobs: z.array(jobViewSchema),
  counts: z.object(
    Object.fromEntries(JOB_STATES.map((state) => [state, z.number().int()])) as Record<
      (typeof JOB_STATES)[number],
      z.ZodNumber
    >,
  ),
  schedules: z.array(jobScheduleViewSchema),
}) satisfies z.ZodType<JobsPage>;

/** POST /api/admin/jobs: run a scheduled job now, outside its schedule. */
export const enqueueJobSchema = z.object({ name: z.string().trim().min(1, "Choose a job").max(60) });

export const jobIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
