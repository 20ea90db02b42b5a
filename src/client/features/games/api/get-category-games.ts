import { queryOptions, useQuery } from "@tanstack/react-query";
import { gameListSchema } from "@contract/games";
import { getJson } from "@/lib/api-client";
import { gameKeys } from "@/lib/query-keys";

/** GET /api/games/category/{slug}, including the pseudo-slugs new and hot. */
export function getCategoryGames(slug: string, signal?: AbortSignal) {
  return getJson(`/api/games/category/${encodeURIComponent(slug)}`, { schema: gameListSchema, signal });
}

export const categoryGamesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: gameKeys.category(slug),
    queryFn: ({ signal }) => getCategoryGames(slug, signal),
  });

export function useCategoryGames(slug: string) {
  return useQuery(categoryGamesQueryOptions(slug));
}
