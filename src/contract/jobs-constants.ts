/** The zod-free values and types of ./jobs.ts (D116), re-exported there: the CMS screen imports them from here. */

export const JOB_STATES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One job of the queue as staff see it in /cms/jobs. */
export type JobView = {
  id: number;
  name: string;
  state: JobState;
  /** when it is (or was) due: its schedule's slot, or its next try */
  runAt: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  /** the process running it, while running */
  lockedBy: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

/** A job that runs on a schedule (a cron expression in UTC), and when its next slot is. */
export type JobScheduleView = { name: string; cron: string; nextRunAt: string };

/** GET /api/admin/jobs: the newest jobs first, how many are in each state, and the schedules. */
export type JobsPage = { jobs: JobView[]; counts: Record<JobState, number>; schedules: JobScheduleView[] };

export const JOBS_PAGE = { default: 50, max: 200 } as const;
