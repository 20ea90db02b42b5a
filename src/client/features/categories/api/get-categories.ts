import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { categoryKeys } from "@/lib/query-keys";
import type { Category } from "@contract/categories";

/** GET /api/categories (with gameCount) */
export function getCategories(signal?: AbortSignal) {
  return getJson<Category[]>("/api/categories", { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) => getCategories(signal),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
