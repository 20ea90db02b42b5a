import { useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson } from "@/lib/api-client";
import { systemStatusSchema } from "@contract/admin/system";

/** How often the open screen asks again: processes come and go, jobs run. */
export const SYSTEM_REFRESH_MS = 30_000;

/** GET /api/admin/system → the install's status (D164, admins only). */
export function useSystemStatus() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.system(),
    queryFn: ({ signal }) => getJson("/api/admin/system", { schema: systemStatusSchema, signal }),
    enabled: isAdmin,
    refetchInterval: SYSTEM_REFRESH_MS,
  });
}
