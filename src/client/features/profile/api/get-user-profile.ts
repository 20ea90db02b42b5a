import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UserProfile } from "@contract/users";
import { getJson } from "@/lib/api-client";

/** Query keys (habit 5). */
export const userKeys = {
  all: ["users"] as const,
  detail: (id: number) => [...userKeys.all, "detail", id] as const,
  stats: (id: number) => [...userKeys.all, "stats", id] as const,
};

/** GET /api/users/{id}: public user + rank (null when unranked), totalScore, gamesPlayed, winRate (D24, D25). 404 → ApiError. */
export function getUserProfile(id: number, signal?: AbortSignal) {
  return getJson<UserProfile>(`/api/users/${id}`, { signal });
}

export const userProfileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUserProfile(id, signal),
  });

export function useUserProfile(id: number | null) {
  return useQuery({ ...userProfileQueryOptions(id ?? 0), enabled: id !== null });
}
