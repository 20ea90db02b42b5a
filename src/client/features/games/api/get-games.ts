import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, withQuery } from "@/lib/api-client";
import { gameKeys, type GameListParams } from "@/lib/query-keys";
import type { Game } from "@contract/games";

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
