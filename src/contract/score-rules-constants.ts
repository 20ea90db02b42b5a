import type { ScoreFormat, ScoreOrder, ScoreRules } from "./games-constants";

/**
 * D90: a game's score rules when nobody said otherwise, and their names in the CMS's forms. Apart from
 * games-constants.ts, which the public pages load (the game page shows scores with formatScore), so that the
 * public pages do not carry what only the admin area uses.
 */
export const DEFAULT_SCORE_RULES: ScoreRules = { order: "desc", format: "points", maxScore: null, minRoundMs: null };
export const SCORE_ORDER_LABELS: Record<ScoreOrder, string> = { desc: "Higher is better", asc: "Lower is better" };
export const SCORE_FORMAT_LABELS: Record<ScoreFormat, string> = { points: "Points", time_ms: "Time" };
