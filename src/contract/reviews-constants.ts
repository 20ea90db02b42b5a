/**
 * The zod-free values of ./reviews.ts, re-exported there: the client imports them from here so that a public
 * page does not load zod for a constant (issue 13 item 6, D73).
 */

/** GET /api/games/{id}/reviews: a page, newest first (issue 12 item 2); the count is in X-Total-Count. */
export const REVIEW_PAGE_SIZE = { default: 20, max: 100 } as const;
