import { formatScore, type ScoreFormat } from "./score-format";

/** The values of ./games.ts without zod, for pages that must not load it (README.md). */

/** D23: a score is a whole number from 0 to this (the API, the SDK host and the database refuse more). */
export const MAX_SCORE = 1_000_000_000;

/** The orders a list of games can be sorted in (`?sort=`). */
export const GAME_SORTS = ["newest", "popular", "rating"] as const;
export type GameSort = (typeof GAME_SORTS)[number];

export function isGameSort(value: unknown): value is GameSort {
  return typeof value === "string" && (GAME_SORTS as readonly string[]).includes(value);
}

/** D83: how hard a game is (game.json `difficulty` or the CMS); a game may say nothing (null). */
export const GAME_DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type GameDifficulty = (typeof GAME_DIFFICULTIES)[number];

/** D83: what the game page says for each difficulty, and for a game that says nothing. */
export const DIFFICULTY_LABELS: Record<GameDifficulty, string> = { easy: "Easy", medium: "Medium", hard: "Hard" };
export const DIFFICULTY_NOT_RATED = "Not rated";

export function difficultyLabel(difficulty: GameDifficulty | null | undefined): string {
  return difficulty ? DIFFICULTY_LABELS[difficulty] : DIFFICULTY_NOT_RATED;
}

/**
 * D90: how a game's scores are judged and shown (game.json `"scores": {…}` or the CMS). `order` "desc": more is
 * better (points); "asc": less is better (a time). `format` "points" or "time_ms" (milliseconds, shown as
 * 1:02.345). The server refuses a score above `maxScore` or one sent sooner than `minRoundMs` after the play
 * started (and a time longer than the play has lasted). Only "more points is better" games with a maximum add to
 * a player's total on the global and season boards: a time cannot be added to points, and a game without a
 * ceiling would let one forged score top every board.
 */
export const SCORE_ORDERS = ["desc", "asc"] as const;
export type ScoreOrder = (typeof SCORE_ORDERS)[number];
export type ScoreRules = { order: ScoreOrder; format: ScoreFormat; maxScore: number | null; minRoundMs: number | null };
// The rules' defaults and their labels in the CMS: score-rules-constants.ts (kept out of the public pages' code, D73).

/** D90: whether a game's best scores add to the players' totals on the global and season boards. */
export function countsTowardTotal(rules: Pick<ScoreRules, "order" | "format" | "maxScore">): boolean {
  return rules.order === "desc" && rules.format === "points" && rules.maxScore !== null;
}

// The formats and their formatters live in ./score-format (re-exported here), a module of their own so that a
// screen that shows scores (the CMS's) does not add them to the chunk every public page shares (D73).
export { SCORE_FORMATS, formatScore, formatTimeMs, type ScoreFormat } from "./score-format";

/** D90: the 400 messages of a score the rules refuse (each names its rule). */
export const SCORE_RULE_MESSAGES = {
  tooHigh: (max: number, format: ScoreFormat) =>
    `This score is above the game's maximum of ${formatScore(max, format)} (maxScore)`,
  tooSoon: (minMs: number) =>
    `This score came too soon after the game started: a round takes at least ${minMs / 1000} s (minRoundMs)`,
  longerThanPlay: "This time is longer than the game has been running (time_ms scores cannot exceed the play's length)",
  tooShort: (minMs: number) =>
    `This time is shorter than the game's shortest round of ${formatScore(minMs, "time_ms")} (minRoundMs)`,
  zeroTime: "A score of 0 is not a real round: where lower is better, a score must be above 0",
} as const;

/** D108: what the player is told of a score held for a moderator (the API's 202 message and the game page's toast). */
export const SCORE_HELD_TEXTS = {
  title: "Score received: awaiting review",
  message:
    "Your score was received. It is far above this game's leaderboard, so a moderator checks it before it shows on any leaderboard.",
} as const;
