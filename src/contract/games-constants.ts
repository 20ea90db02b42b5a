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
