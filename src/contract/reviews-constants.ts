/** The values of ./reviews.ts without zod, for pages that must not load it (README.md). */

/** GET /api/games/{id}/reviews: a page, newest first; the count is in X-Total-Count. */
export const REVIEW_PAGE_SIZE = { default: 20, max: 100 } as const;
