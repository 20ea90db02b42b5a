import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Season } from "@contract/leaderboard";
import { getJson } from "./api-client";

/**
 * D91: the seasons of the boards, shared by /leaderboard, the game page's board and the CMS (features do not
 * import each other). `current` is the open season ("This Week"); the others are archived.
 */
export const seasonKeys = {
  all: ["seasons"] as const,
  list: () => [...seasonKeys.all, "list"] as const,
};

/** GET /api/seasons: every season, newest first. */
export function getSeasons(signal?: AbortSignal): Promise<Season[]> {
  return getJson<Season[]>("/api/seasons", { signal });
}

export const seasonsQueryOptions = () =>
  queryOptions({ queryKey: seasonKeys.list(), queryFn: ({ signal }) => getSeasons(signal) });

export function useSeasons() {
  return useQuery(seasonsQueryOptions());
}

/** The open season, and the archived ones (newest first). */
export function splitSeasons(seasons: readonly Season[] | undefined): { current: Season | undefined; past: Season[] } {
  const list = seasons ?? [];
  return { current: list.find((s) => s.current), past: list.filter((s) => !s.current) };
}
