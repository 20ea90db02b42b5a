import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson, withQuery } from "@/lib/api-client";
import { adminUserListSchema } from "@contract/admin/users";

/** GET /api/admin/users?search=&role= (D47, D130): username or email contains the search, newest first. */
export const adminUsersQueryOptions = (search: string, role = "") =>
  queryOptions({
    queryKey: adminKeys.users(search, role),
    queryFn: ({ signal }) =>
      getJson(withQuery("/api/admin/users", { search, role: role || undefined }), {
        schema: adminUserListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `enabled` false: nothing is asked for (the scores screen's player picker, until something is typed). */
export function useAdminUsers(search: string, enabled = true, role = "") {
  const isAdmin = useIsAdmin();
  return useQuery({ ...adminUsersQueryOptions(search, role), enabled: isAdmin && enabled });
}
