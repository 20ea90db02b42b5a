import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson } from "@/lib/api-client";
import { adminCategoryListSchema } from "@contract/admin/categories";

/** GET /api/admin/categories: every category with its game count (D46). */
export const adminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.categories(),
    queryFn: ({ signal }) => getJson("/api/admin/categories", { schema: adminCategoryListSchema, signal }),
  });

export function useAdminCategories() {
  const isAdmin = useIsAdmin();
  return useQuery({ ...adminCategoriesQueryOptions(), enabled: isAdmin });
}
