import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { Review } from "@contract/reviews";
import { invalidateAfterReviewChange } from "./keys";

export type SubmitReviewResponse = { review: Review; created: boolean };

export type SubmitReviewInput = { gameId: number; userId: number; rating: number; comment: string };

/**
 * POST /api/reviews {userId, gameId, rating, comment?} → 201 {review, created: true} or
 * 200 {review, created: false} (D30). The comment is trimmed and left out when empty.
 */
export async function submitReview({
  gameId,
  userId,
  rating,
  comment,
}: SubmitReviewInput): Promise<SubmitReviewResponse> {
  const trimmed = comment.trim();
  const body: { userId: number; gameId: number; rating: number; comment?: string } = { userId, gameId, rating };
  if (trimmed) body.comment = trimmed;
  const res = await apiRequest("POST", "/api/reviews", body);
  return (await res.json()) as SubmitReviewResponse;
}

export function useSubmitReview(gameId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SubmitReviewInput, "gameId">) => submitReview({ ...input, gameId }),
    onSuccess: () => invalidateAfterReviewChange(qc, gameId),
  });
}
