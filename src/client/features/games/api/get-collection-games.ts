import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest, withQuery } from "@/lib/api-client";
import { collectionKeys } from "@/lib/query-keys";
import type { Game } from "@contract/games";
import type { GamePage } from "./get-games";

/** GET /api/collections/{slug}/games?limit&offset (D83): a page of a collection's games, newest first; the total in X-Total-Count. */
export async function getCollectionGames(
  slug: string,
  params: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<GamePage> {
  const res = await apiRequest(
    "GET",
    withQuery(`/api/collections/${encodeURIComponent(slug)}/games`, params),
    undefined,
    { signal },
  );
  const games = (await res.json()) as Game[];
  const header = Number(res.headers.get("X-Total-Count"));
  const total = Number.isFinite(header) && res.headers.has("X-Total-Count") ? header : params.offset + games.length;
  return { games, total, offset: params.offset };
}

/** 'Load More Games' fetches the next `limit` games of the collection. */
export const collectionGamesInfiniteQueryOptions = (slug: string, limit: number) =>
  infiniteQueryOptions({
    queryKey: collectionKeys.games(slug, limit),
    queryFn: ({ pageParam, signal }) => getCollectionGames(slug, { limit, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.games.length;
      return last.games.length > 0 && next < last.total ? next : undefined;
    },
  });

export function useInfiniteCollectionGames(slug: string, limit: number) {
  return useInfiniteQuery(collectionGamesInfiniteQueryOptions(slug, limit));
}
