import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import type { Review } from "@contract/reviews";
import { reviewKeys } from "./keys";

/** GET /api/games/{id}/reviews/user/{userId} → the review or null (D31). */
export function getUserReview(gameId: number, userId: number, signal?: AbortSignal) {
  return getJson<Review | null>(`/api/games/${gameId}/reviews/user/${userId}`, { signal });
}

export const userReviewQueryOptions = (gameId: number, userId: number) =>
  queryOptions({
    queryKey: reviewKeys.user(gameId, userId),
    meta: { clientOnly: true },
    queryFn: ({ signal }) => getUserReview(gameId, userId, signal),
  });

export function useUserReview(gameId: number, userId: number | null) {
  return useQuery({ ...userReviewQueryOptions(gameId, userId ?? 0), enabled: userId !== null });
}
