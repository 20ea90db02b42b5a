/** The values of ./categories.ts without zod, for pages that must not load it (README.md). */

/** Pseudo-categories handled by the games API (spec §2 Category page). */
export const PSEUDO_CATEGORIES = {
  new: "New Games",
  hot: "Hot Games",
} as const;
