import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { collectionKeys } from "@/lib/query-keys";
import type { Collection } from "@contract/collections";

/** GET /api/collections/{slug}; 404 for an unknown slug (the screen shows 'Collection Not Found', D83). */
export function getCollection(slug: string, signal?: AbortSignal) {
  return getJson<Collection>(`/api/collections/${encodeURIComponent(slug)}`, { signal });
}

export const collectionQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: collectionKeys.detail(slug),
    queryFn: ({ signal }) => getCollection(slug, signal),
  });

export function useCollection(slug: string) {
  return useQuery(collectionQueryOptions(slug));
}
