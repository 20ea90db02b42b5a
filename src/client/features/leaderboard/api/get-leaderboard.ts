import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getJson, withQuery } from "@/lib/api-client";
import type { LeaderboardEntry } from "@contract/leaderboard";
import type { BoardScope } from "@contract/leaderboard-constants";

export type LeaderboardParams = {
  /** D24: `week` for the home "Top Players This Week", `all` (default) for /leaderboard */
  period?: "all" | "week";
  /** server-side, case-insensitive part of the username */
  search?: string;
  limit?: number;
  /** D84: `friends` is the signed-in player and their friends (asked in the browser only) */
  scope?: BoardScope;
  /** D91: a season's board (archived or the open one) by its id; wins over `period` */
  season?: number;
  /** D92: the signed-in player's row with the rows just above and below it */
  around?: "me";
  /** the signed-in player whose friends board (or around-me rows) this is (part of the key only: the server reads the session) */
  viewer?: number;
};

/** Query keys: every variable the fetcher uses is in the key. */
export const leaderboardKeys = {
  all: ["leaderboard"] as const,
  list: (params: LeaderboardParams) => [...leaderboardKeys.all, "list", params] as const,
};

/** GET /api/leaderboard?period&season&scope&around&search&limit (D24). */
export function getLeaderboard(
  { viewer: _viewer, ...params }: LeaderboardParams,
  signal?: AbortSignal,
): Promise<LeaderboardEntry[]> {
  return getJson<LeaderboardEntry[]>(withQuery("/api/leaderboard", params), { signal });
}

/** A friends board or the rows around the player are personal, so never fetched on the server (D70). */
export const leaderboardQueryOptions = (params: LeaderboardParams = {}) =>
  queryOptions({
    queryKey: leaderboardKeys.list(params),
    queryFn: ({ signal }) => getLeaderboard(params, signal),
    meta: params.scope === "friends" || params.around ? { clientOnly: true } : undefined,
  });

/**
 * `keepPrevious` keeps the last rows on screen while a new search loads (no flash of skeletons on
 * every keystroke); the first load still shows the skeletons.
 */
export function useLeaderboard(
  params: LeaderboardParams = {},
  options: { keepPrevious?: boolean; enabled?: boolean } = {},
) {
  return useQuery({
    ...leaderboardQueryOptions(params),
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    enabled: options.enabled,
  });
}

/** Spec §2: the 'Rising Stars' card shows the last 5 entries, reversed. */
export const RISING_STARS_COUNT = 5;
export function risingStars<T>(entries: readonly T[]): T[] {
  return entries.slice(-RISING_STARS_COUNT).reverse();
}
