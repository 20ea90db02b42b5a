import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SubmitScoreResponse } from "@contract/scores";
import { apiRequest } from "@/lib/api-client";
import { invalidateAfterScore } from "./keys";

export type SubmitScoreInput = { gameId: number; playId: string; score: number; won: boolean | null };

/** POST /api/scores {playId, score, won?} → 201 {score, personalBest, rank} (D23). `won: null` is left out. */
export async function submitScore({ playId, score, won }: Omit<SubmitScoreInput, "gameId">): Promise<SubmitScoreResponse> {
  const body: { playId: string; score: number; won?: boolean } = { playId, score };
  if (won !== null) body.won = won;
  const res = await apiRequest("POST", "/api/scores", body);
  return (await res.json()) as SubmitScoreResponse;
}

export function useSubmitScore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ gameId: _gameId, ...input }: SubmitScoreInput) => submitScore(input),
    onSuccess: (_result, { gameId }) => {
      // not awaited: the toast should not wait for the refetches
      void invalidateAfterScore(qc, gameId);
    },
  });
}
