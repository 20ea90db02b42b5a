import { z } from "zod";
import { isoDateTime, publicUserSchema } from "./common";
import { REVIEW_PAGE_SIZE } from "./reviews-constants";

export { REVIEW_PAGE_SIZE } from "./reviews-constants";

export const reviewSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  gameId: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: isoDateTime,
  user: publicUserSchema.pick({ username: true, avatarUrl: true }),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewListSchema = z.array(reviewSchema);

export const reviewListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(REVIEW_PAGE_SIZE.max).default(REVIEW_PAGE_SIZE.default),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** D30 */
export const postReviewSchema = z.object({
  gameId: z.number().int().positive(),
  rating: z.number().int().min(1, "Rating must be 1 to 5").max(5, "Rating must be 1 to 5"),
  comment: z.string().max(2000, "At most 2,000 characters").optional(),
  userId: z.number().int().positive().optional(),
});

/** D32 */
export const ratingAggregateSchema = z.object({
  gameId: z.number().int(),
  rating: z.number().int(),
  average: z.number(),
  count: z.number().int(),
  distribution: z.object({
    "1": z.number().int(),
    "2": z.number().int(),
    "3": z.number().int(),
    "4": z.number().int(),
    "5": z.number().int(),
  }),
});
export type RatingAggregate = z.infer<typeof ratingAggregateSchema>;
