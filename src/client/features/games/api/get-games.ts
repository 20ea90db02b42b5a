import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, withQuery } from "@/lib/api-client";
import { gameKeys, type GameListParams } from "@/lib/query-keys";
import type { Game } from "@contract/games";

/** `capped`: a search with more matches than the total, which is then SEARCH_RESULTS_CAP (ADR 026). */
export type GamePage = { games: Game[]; total: number; offset: number; capped?: boolean };

/**
 * GET /api/games?search&category&sort&limit&offset; the total comes in X-Total-Count, and X-Total-Count-Capped when
 * a search found more.
 */
export async function getGames(params: GameListParams & { offset?: number }, signal?: AbortSignal): Promise<GamePage> {
  const res = await apiRequest("GET", withQuery("/api/games", params), undefined, { signal });
  const games = (await res.json()) as Game[];
  const header = Number(res.headers.get("X-Total-Count"));
  const offset = params.offset ?? 0;
  const total = Number.isFinite(header) && res.headers.has("X-Total-Count") ? header : offset + games.length;
  return { games, total, offset, capped: res.headers.get("X-Total-Count-Capped") === "true" };
}

export const gamesQueryOptions = (params: GameListParams = {}) =>
  queryOptions({
    queryKey: gameKeys.list(params),
    queryFn: ({ signal }) => getGames(params, signal),
  });

export function useGames(params: GameListParams = {}) {
  return useQuery(gamesQueryOptions(params));
}
