import { queryOptions, useQuery } from "@tanstack/react-query";
import { categoryListSchema } from "@contract/categories";
import { getJson } from "@/lib/api-client";
import { categoryKeys } from "@/lib/query-keys";

/** GET /api/categories (with gameCount) */
export function getCategories(signal?: AbortSignal) {
  return getJson("/api/categories", { schema: categoryListSchema, signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) => getCategories(signal),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
