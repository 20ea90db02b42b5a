import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Game } from "@contract/games";
import { apiRequest, withQuery } from "@/lib/api-client";
import { gameKeys, type GameListParams } from "@/lib/query-keys";

export type GamePage = { games: Game[]; total: number; offset: number };

/** GET /api/games?search&category&sort&limit&offset; the total comes in X-Total-Count. */
export async function getGames(params: GameListParams & { offset?: number }, signal?: AbortSignal): Promise<GamePage> {
  const res = await apiRequest("GET", withQuery("/api/games", params), undefined, { signal });
  const games = (await res.json()) as Game[];
  const header = Number(res.headers.get("X-Total-Count"));
  const offset = params.offset ?? 0;
  const total = Number.isFinite(header) && res.headers.has("X-Total-Count") ? header : offset + games.length;
  return { games, total, offset };
}

export const gamesQueryOptions = (params: GameListParams = {}) =>
  queryOptions({
    queryKey: gameKeys.list(params),
    queryFn: ({ signal }) => getGames(params, signal),
  });

export function useGames(params: GameListParams = {}) {
  return useQuery(gamesQueryOptions(params));
}

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
