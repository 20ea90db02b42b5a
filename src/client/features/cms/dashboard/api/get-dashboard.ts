import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson } from "@/lib/api-client";
import { dashboardResponseSchema } from "@contract/admin/dashboard";

/** GET /api/admin/dashboard → {counts: {games, categories, …}} */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => getJson("/api/admin/dashboard", { schema: dashboardResponseSchema, signal }),
  });

export function useDashboard() {
  const isAdmin = useIsAdmin();
  return useQuery({ ...dashboardQueryOptions(), enabled: isAdmin });
}
