/**
 * The zod-free values of ./games.ts, re-exported there: the client imports them from here so that a public
 * page does not load zod for a constant (issue 13 item 6, D73).
 */

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
