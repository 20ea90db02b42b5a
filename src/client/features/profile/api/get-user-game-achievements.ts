import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import type { UserGameAchievement } from "@contract/game-achievements";
import { userKeys } from "./get-user-profile";

/** GET /api/users/{id}/game-achievements: the games' own achievements the user unlocked, newest first (D78). */
export const userGameAchievementsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...userKeys.all, "game-achievements", id] as const,
    queryFn: ({ signal }) => getJson<UserGameAchievement[]>(`/api/users/${id}/game-achievements`, { signal }),
  });

export function useUserGameAchievements(id: number) {
  return useQuery(userGameAchievementsQueryOptions(id));
}
