import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { invalidateAfterReviewChange } from "./keys";

/** DELETE /api/games/{id}/reviews/user/{userId} → 204 (D31). */
export async function deleteReview(gameId: number, userId: number): Promise<void> {
  await apiRequest("DELETE", `/api/games/${gameId}/reviews/user/${userId}`);
}

export function useDeleteReview(gameId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => deleteReview(gameId, userId),
    onSuccess: () => invalidateAfterReviewChange(qc, gameId),
  });
}
