import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { gameKeys, type GameListParams } from "@/lib/query-keys";
import { getGames } from "./get-games";

// A module of its own: the pages that show a fixed few games (a game's similar games, the home page) do not load
// TanStack's paged query with it (D73).

/** Paged list for All Games: 'Load More Games' fetches the next `limit` games. */
export const gamesInfiniteQueryOptions = (params: GameListParams & { limit: number }) =>
  infiniteQueryOptions({
    queryKey: [...gameKeys.list(params), "infinite"] as const,
    queryFn: ({ pageParam, signal }) => getGames({ ...params, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.games.length;
      return last.games.length > 0 && next < last.total ? next : undefined;
    },
  });

export function useInfiniteGames(params: GameListParams & { limit: number }) {
  return useInfiniteQuery(gamesInfiniteQueryOptions(params));
}
