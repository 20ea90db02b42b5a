import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson } from "@/lib/api-client";
import { adminSettingsSchema } from "@contract/admin/settings";

/** GET /api/admin/settings → {content: site.* items, mail: {configured, from}, google: {configured}} (D47). */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => getJson("/api/admin/settings", { schema: adminSettingsSchema, signal }),
  });

export function useSettings() {
  const isAdmin = useIsAdmin();
  return useQuery({ ...settingsQueryOptions(), enabled: isAdmin });
}
