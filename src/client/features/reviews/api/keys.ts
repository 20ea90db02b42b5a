import type { QueryClient } from "@tanstack/react-query";
import { gameKeys } from "@/lib/query-keys";

export const reviewKeys = {
  all: ["reviews"] as const,
  game: (gameId: number) => [...reviewKeys.all, "game", gameId] as const,
  list: (gameId: number) => [...reviewKeys.game(gameId), "list"] as const,
  user: (gameId: number, userId: number) => [...reviewKeys.game(gameId), "user", userId] as const,
  rating: (gameId: number) => [...reviewKeys.game(gameId), "rating"] as const,
};

/**
 * Spec §4: after a submit or delete, the review list, the user's own review, the rating and the
 * game are refetched. Game lists (cards show stars) are only marked stale.
 */
export async function invalidateAfterReviewChange(qc: QueryClient, gameId: number): Promise<void> {
  await qc.invalidateQueries({ queryKey: gameKeys.all, refetchType: "none" });
  await Promise.all([
    qc.invalidateQueries({ queryKey: reviewKeys.game(gameId) }),
    qc.invalidateQueries({ queryKey: gameKeys.detail(gameId) }),
  ]);
}
