/**
 * The zod-free values of ./categories.ts, re-exported there: the client imports them from here so that a
 * public page does not load zod for a constant (issue 13 item 6, D73).
 */

/** Pseudo-categories handled by the games API (spec §2 Category page). */
export const PSEUDO_CATEGORIES = {
  new: "New Games",
  hot: "Hot Games",
} as const;
