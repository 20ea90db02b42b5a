import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import type { ScoreEntry } from "@contract/scores";
import { scoreKeys } from "./keys";

/** The game page's leaderboard size (`GET /api/scores/game/{id}?limit=10`, D23). */
export const GAME_SCORES_LIMIT = 10;

/** GET /api/scores/game/{id}?limit=N: each player's best score, highest first (D23); `friends`: mine and my friends'. */
export function getGameScores(gameId: number, limit = GAME_SCORES_LIMIT, signal?: AbortSignal, friends?: boolean) {
  return getJson<ScoreEntry[]>(`/api/scores/game/${gameId}?limit=${limit}${friends ? "&scope=friends" : ""}`, {
    signal,
  });
}

export const gameScoresQueryOptions = (gameId: number, limit = GAME_SCORES_LIMIT) =>
  queryOptions({
    queryKey: scoreKeys.gameTop(gameId, limit),
    queryFn: ({ signal }) => getGameScores(gameId, limit, signal),
  });

export function useGameScores(gameId: number, limit = GAME_SCORES_LIMIT) {
  return useQuery(gameScoresQueryOptions(gameId, limit));
}
