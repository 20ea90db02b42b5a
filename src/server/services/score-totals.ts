import { sql } from "drizzle-orm";

/**
 * D90: `countsTowardTotal` (contract/games-constants.ts) in SQL, for a query that names the game's row `g`:
 * only "more points is better" games with a maximum add to the global and season totals.
 */
export const COUNTS_TOWARD_TOTAL_SQL = sql.raw(
  `g.score_order = 'desc' and g.score_format = 'points' and g.max_score is not null`,
);
