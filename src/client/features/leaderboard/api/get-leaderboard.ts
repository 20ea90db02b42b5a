import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { LeaderboardEntry } from "@contract/leaderboard";
import { getJson, withQuery } from "@/lib/api-client";

export type LeaderboardParams = {
  /** D24: `week` for the home "Top Players This Week", `all` (default) for /leaderboard */
  period?: "all" | "week";
  /** server-side, case-insensitive part of the username */
  search?: string;
  limit?: number;
};

/** Query keys (habit 5): every variable the fetcher uses is in the key. */
export const leaderboardKeys = {
  all: ["leaderboard"] as const,
  list: (params: LeaderboardParams) => [...leaderboardKeys.all, "list", params] as const,
};

/** GET /api/leaderboard?period&search&limit (D24). */
export function getLeaderboard(params: LeaderboardParams, signal?: AbortSignal): Promise<LeaderboardEntry[]> {
  return getJson<LeaderboardEntry[]>(withQuery("/api/leaderboard", params), { signal });
}

export const leaderboardQueryOptions = (params: LeaderboardParams = {}) =>
  queryOptions({
    queryKey: leaderboardKeys.list(params),
    queryFn: ({ signal }) => getLeaderboard(params, signal),
  });

/**
 * `keepPrevious` keeps the last rows on screen while a new search loads (no flash of skeletons on
 * every keystroke); the first load still shows the skeletons.
 */
export function useLeaderboard(params: LeaderboardParams = {}, options: { keepPrevious?: boolean } = {}) {
  return useQuery({ ...leaderboardQueryOptions(params), placeholderData: options.keepPrevious ? keepPreviousData : undefined });
}

/** Spec §2/§9: the 'Rising Stars' card shows the last 5 entries, reversed. */
export const RISING_STARS_COUNT = 5;
export function risingStars<T>(entries: readonly T[]): T[] {
  return entries.slice(-RISING_STARS_COUNT).reverse();
}
