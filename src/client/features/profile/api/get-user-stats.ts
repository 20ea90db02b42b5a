import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import type { UserStats } from "@contract/users";
import { userKeys } from "./get-user-profile";

/** GET /api/users/{id}/stats: per-game bests, category shares and the 10 achievements (D25). */
export function getUserStats(id: number, signal?: AbortSignal) {
  return getJson<UserStats>(`/api/users/${id}/stats`, { signal });
}

export const userStatsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.stats(id),
    queryFn: ({ signal }) => getUserStats(id, signal),
  });

export function useUserStats(id: number | null) {
  return useQuery({ ...userStatsQueryOptions(id ?? 0), enabled: id !== null });
}
