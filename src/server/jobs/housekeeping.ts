import type { Db } from "../db/client";
import { purgeOldAudit } from "../services/audit";
import { purgeOldNotifications } from "../services/notifications";
import { purgeOldAnonymousPlays } from "../services/play-retention";
import { purgeRateLimits } from "../services/rate-limit-counter";
import { purgeExpiredSessions } from "../services/sessions";

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Removes what has outlived its use, every 10 minutes: expired sessions (D13), old rate-limit windows, notifications
 * older than 90 days (D85), audit entries older than a year (D99) and anonymous plays past their retention (counted
 * per day first). Each purge is safe to run on several processes at once. Returns the function that stops it.
 */
export function startHousekeeping(db: Db, log: { warn(details: object, message: string): void }): () => void {
  const timer = setInterval(() => {
    void Promise.all([purgeExpiredSessions(db), purgeRateLimits(db), purgeOldNotifications(db), purgeOldAudit(db), purgeOldAnonymousPlays(db)]).catch(
      (err: unknown) => log.warn({ err }, "housekeeping failed"),
    );
  }, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
