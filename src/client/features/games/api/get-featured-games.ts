import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { gameKeys } from "@/lib/query-keys";
import type { Game } from "@contract/games";

/** GET /api/games/featured */
export function getFeaturedGames(signal?: AbortSignal) {
  return getJson<Game[]>("/api/games/featured", { signal });
}

export const featuredGamesQueryOptions = () =>
  queryOptions({
    queryKey: gameKeys.featured(),
    queryFn: ({ signal }) => getFeaturedGames(signal),
  });

export function useFeaturedGames() {
  return useQuery(featuredGamesQueryOptions());
}
