import { apiRequest } from "@/lib/api-client";
import type { HeldScoreResponse, SubmitScoreResponse } from "@contract/scores";

export type SubmitScoreInput = { playId: string; score: number; won: boolean | null };

/**
 * POST /api/scores {playId, score, won?} → 201 {score, personalBest, rank}, or 202 {score, held, message} for a
 * score held for a moderator (D108). `won: null` is left out. The
 * caller refetches what a score changes (invalidateAfterScore, save-score.ts).
 */
export async function submitScore({
  playId,
  score,
  won,
}: SubmitScoreInput): Promise<SubmitScoreResponse | HeldScoreResponse> {
  const body: { playId: string; score: number; won?: boolean } = { playId, score };
  if (won !== null) body.won = won;
  const res = await apiRequest("POST", "/api/scores", body);
  return (await res.json()) as SubmitScoreResponse | HeldScoreResponse;
}
