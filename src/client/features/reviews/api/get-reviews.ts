import { queryOptions, useQuery } from "@tanstack/react-query";
import { reviewListSchema } from "@contract/reviews";
import { getJson } from "@/lib/api-client";
import { reviewKeys } from "./keys";

/** GET /api/games/{id}/reviews: the game's reviews with their authors, newest first. */
export function getReviews(gameId: number, signal?: AbortSignal) {
  return getJson(`/api/games/${gameId}/reviews`, { schema: reviewListSchema, signal });
}

export const reviewsQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: reviewKeys.list(gameId),
    queryFn: ({ signal }) => getReviews(gameId, signal),
  });

export function useReviews(gameId: number) {
  return useQuery(reviewsQueryOptions(gameId));
}
