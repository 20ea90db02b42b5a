import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import type { RatingAggregate } from "@contract/reviews";
import { reviewKeys } from "./keys";

/** GET /api/games/{id}/rating → {gameId, rating, average, count, distribution} (D32). */
export function getRating(gameId: number, signal?: AbortSignal) {
  return getJson<RatingAggregate>(`/api/games/${gameId}/rating`, { signal });
}

export const ratingQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: reviewKeys.rating(gameId),
    queryFn: ({ signal }) => getRating(gameId, signal),
  });

export function useRating(gameId: number) {
  return useQuery(ratingQueryOptions(gameId));
}
