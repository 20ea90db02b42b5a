import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { collectionKeys } from "@/lib/query-keys";
import type { Collection } from "@contract/collections";

/** GET /api/collections: the home page's tiles with their real game counts (D83). */
export function getCollections(signal?: AbortSignal) {
  return getJson<Collection[]>("/api/collections", { signal });
}

export const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: collectionKeys.list(),
    queryFn: ({ signal }) => getCollections(signal),
  });

export function useCollections() {
  return useQuery(collectionsQueryOptions());
}
