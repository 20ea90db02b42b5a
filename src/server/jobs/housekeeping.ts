import type { Db } from "../db/client";
import { purgeOldAudit } from "../services/audit";
import { purgeFinishedJobs } from "../services/job-queue";
import { purgeOldNotifications } from "../services/notifications";
import { purgeOldAnonymousPlays } from "../services/play-retention";
import { purgeStaleProcesses } from "../services/process-registry";
import { purgeRateLimits } from "../services/rate-limit-counter";
import { purgeExpiredSessions } from "../services/sessions";

/** Every 10 minutes (D116). */
export const HOUSEKEEPING_SCHEDULE = { name: "housekeeping", cron: "*/10 * * * *" } as const;

/**
 * Removes what has outlived its use: expired sessions (D13), old rate-limit windows, notifications older than 90 days
 * (D85), audit entries older than a year (D99), anonymous plays past their retention (counted per day first),
 * finished jobs past theirs, and the processes not seen for a day (D164). Each purge is safe to run on several
 * processes at once; the first failure fails the run (and the queue retries it) once the others have finished.
 */
export async function runHousekeeping(db: Db, now: Date): Promise<void> {
  const results = await Promise.allSettled([
    purgeExpiredSessions(db),
    purgeRateLimits(db),
    purgeOldNotifications(db),
    purgeOldAudit(db),
    purgeOldAnonymousPlays(db),
    purgeFinishedJobs(db, now),
    purgeStaleProcesses(db, now),
  ]);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}
