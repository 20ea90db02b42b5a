import type { Db } from "../db/client";
import { runNumbersRollup } from "../services/game-numbers";

/** D134: daily, soon after a UTC day finishes; a day missed (the site was down) is rolled up by the next run. */
export const NUMBERS_ROLLUP_SCHEDULE = { name: "numbers.rollup", cron: "15 0 * * *" } as const;

/** Rolls up the finished days that need it (services/game-numbers.ts); answers them. */
export function rollUpNumbers(db: Db, now: Date): Promise<string[]> {
  return runNumbersRollup(db, now);
}
