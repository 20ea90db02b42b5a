import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { myGamesKeys } from "@/lib/query-keys";
import type { MyGames } from "@contract/my-games";

/** GET /api/me/games → the player's favourites and the games they played last (D86). */
export function getMyGames(signal?: AbortSignal): Promise<MyGames> {
  return getJson<MyGames>("/api/me/games", { signal });
}

export const myGamesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: myGamesKeys.lists(userId),
    queryFn: ({ signal }) => getMyGames(signal),
    meta: { clientOnly: true },
    // played games move on every play: read again whenever the screen opens
    staleTime: 0,
  });

export function useMyGames(userId: number | null) {
  return useQuery({ ...myGamesQueryOptions(userId ?? 0), enabled: userId !== null });
}
