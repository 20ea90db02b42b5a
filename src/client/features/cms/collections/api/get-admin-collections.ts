import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson } from "@/lib/api-client";
import { collectionListSchema } from "@contract/collections";

/** GET /api/admin/collections: every collection with its game count (D83). */
export const adminCollectionsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.collections(),
    queryFn: ({ signal }) => getJson("/api/admin/collections", { schema: collectionListSchema, signal }),
  });

export function useAdminCollections() {
  const isAdmin = useIsAdmin();
  return useQuery({ ...adminCollectionsQueryOptions(), enabled: isAdmin });
}
