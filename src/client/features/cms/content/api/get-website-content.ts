import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson } from "@/lib/api-client";
import { contentListSchema } from "@contract/content";

/** GET /api/admin/website-content: every item, ordered by section and key (D40). */
export const websiteContentQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.content(),
    queryFn: ({ signal }) => getJson("/api/admin/website-content", { schema: contentListSchema, signal }),
  });

export function useWebsiteContent() {
  const isAdmin = useIsAdmin();
  return useQuery({ ...websiteContentQueryOptions(), enabled: isAdmin });
}
