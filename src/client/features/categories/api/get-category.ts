import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { categoryKeys } from "@/lib/query-keys";
import type { Category } from "@contract/categories";

/** GET /api/categories/{slug} */
export function getCategory(slug: string, signal?: AbortSignal) {
  return getJson<Category>(`/api/categories/${encodeURIComponent(slug)}`, { signal });
}

export const categoryQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: categoryKeys.detail(slug),
    queryFn: ({ signal }) => getCategory(slug, signal),
  });

export function useCategory(slug: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...categoryQueryOptions(slug), enabled: options.enabled ?? true });
}
