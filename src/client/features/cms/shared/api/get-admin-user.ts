import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { adminSelfSchema } from "@contract/admin/sign-in";
import { adminKeys } from "./keys";

/** GET /api/admin/user: the admin lookup of every /cms screen (D43); 401/403 when not an admin session. */
export const adminUserQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.user(),
    queryFn: ({ signal }) => getJson("/api/admin/user", { schema: adminSelfSchema, signal }),
    retry: false,
    staleTime: 60_000,
  });

export function useAdminUser() {
  return useQuery(adminUserQueryOptions());
}

/** True once the admin lookup succeeded: admin reads wait for it (spec §7: "fetched once the admin is known"). */
export function useIsAdmin(): boolean {
  return useAdminUser().isSuccess;
}
