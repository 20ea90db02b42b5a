/** The values of ./my-games.ts without zod, for pages that must not load it (README.md). */

/** D86: the states a game page reports for the play's gameplay (SDK v1/v2 `gameplay.start` / `gameplay.stop`). */
export const GAMEPLAY_STATES = ["start", "stop"] as const;
export type GameplayState = (typeof GAMEPLAY_STATES)[number];

/**
 * D86: the most one play adds to a player's playtime (4 hours). A tab left open on a game that never reports a
 * stop cannot count beyond it.
 */
export const MAX_PLAYTIME_PER_PLAY_MS = 4 * 60 * 60 * 1000;

/**
 * D86: the longest stretch of gameplay counted without a new report (30 minutes). A start that is never followed
 * by a stop (a closed laptop, a crashed tab) counts at most this much; the next report of the play counts at most
 * this much since the previous one.
 */
export const MAX_GAMEPLAY_STRETCH_MS = 30 * 60 * 1000;

/** D86: `GET /api/me/games` lists the 20 games played last. */
export const RECENT_GAMES_LIMIT = 20;

/** D86: the most favourites a player keeps (so that the list and the hearts' ids stay one bounded read). */
export const MAX_FAVORITES = 500;
