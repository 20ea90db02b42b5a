import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { gameKeys } from "@/lib/query-keys";
import type { GameAchievement, MyGameAchievements } from "@contract/game-achievements";

/** Query keys of a game's achievements (D78); "mine" is the signed-in player's own unlocks. */
export const gameAchievementKeys = {
  all: (gameId: number) => [...gameKeys.detail(gameId), "achievements"] as const,
  mine: (gameId: number, userId: number) => [...gameAchievementKeys.all(gameId), "mine", userId] as const,
};

/** GET /api/games/{id}/achievements: public, the same for everybody (server-rendered, D70). */
export const gameAchievementsQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: gameAchievementKeys.all(gameId),
    queryFn: ({ signal }) => getJson<GameAchievement[]>(`/api/games/${gameId}/achievements`, { signal }),
  });

export function useGameAchievements(gameId: number) {
  return useQuery(gameAchievementsQueryOptions(gameId));
}

/** GET /api/games/{id}/achievements/mine: asked in the browser only, so the page's HTML does not depend on who asks. */
export const myGameAchievementsQueryOptions = (gameId: number, userId: number) =>
  queryOptions({
    queryKey: gameAchievementKeys.mine(gameId, userId),
    meta: { clientOnly: true },
    queryFn: ({ signal }) => getJson<MyGameAchievements>(`/api/games/${gameId}/achievements/mine`, { signal }),
  });

export function useMyGameAchievements(gameId: number, userId: number | null) {
  return useQuery({ ...myGameAchievementsQueryOptions(gameId, userId ?? 0), enabled: userId !== null });
}
