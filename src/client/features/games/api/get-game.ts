import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { gameKeys } from "@/lib/query-keys";
import type { GameDetail } from "@contract/games";

/** GET /api/games/{id} (with Total Players, D83); 404 {message} for an unknown id (the screen shows 'Game Not Found'). */
export function getGame(id: number, signal?: AbortSignal) {
  return getJson<GameDetail>(`/api/games/${id}`, { signal });
}

export const gameQueryOptions = (id: number) =>
  queryOptions({
    queryKey: gameKeys.detail(id),
    queryFn: ({ signal }) => getGame(id, signal),
  });

export function useGame(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...gameQueryOptions(id), enabled: options.enabled ?? true });
}
