import type { Db } from "../db/client";
import { currentSeason } from "../services/seasons";

/**
 * D91: every hour, a season that has ended is archived and the next opened, so that a quiet site's boards follow the
 * calendar; a request that comes first does the same (services/seasons.ts), and only one of them rolls over.
 */
export const SEASON_ROLLOVER_SCHEDULE = { name: "season.rollover", cron: "5 * * * *" } as const;

export async function rollSeasonOver(db: Db, now: Date): Promise<void> {
  await currentSeason(db, now);
}
