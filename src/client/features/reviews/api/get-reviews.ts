import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest, withQuery } from "@/lib/api-client";
import type { Review } from "@contract/reviews";
import { REVIEW_PAGE_SIZE } from "@contract/reviews-constants";
import { reviewKeys } from "./keys";

export type ReviewPage = { reviews: Review[]; total: number; offset: number };

/** GET /api/games/{id}/reviews?limit&offset: a page of the game's reviews, newest first; the count in X-Total-Count. */
export async function getReviews(gameId: number, offset: number, signal?: AbortSignal): Promise<ReviewPage> {
  const res = await apiRequest(
    "GET",
    withQuery(`/api/games/${gameId}/reviews`, { limit: REVIEW_PAGE_SIZE.default, offset }),
    undefined,
    { signal },
  );
  const reviews = (await res.json()) as Review[];
  const header = res.headers.get("X-Total-Count");
  return { reviews, total: header === null ? offset + reviews.length : Number(header), offset };
}

export const reviewsQueryOptions = (gameId: number) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.list(gameId),
    queryFn: ({ pageParam, signal }) => getReviews(gameId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.reviews.length;
      return last.reviews.length > 0 && next < last.total ? next : undefined;
    },
  });

export function useReviews(gameId: number) {
  return useInfiniteQuery(reviewsQueryOptions(gameId));
}
