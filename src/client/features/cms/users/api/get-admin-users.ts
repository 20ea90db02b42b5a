import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson, withQuery } from "@/lib/api-client";
import { adminUserListSchema } from "@contract/admin/users";

/** GET /api/admin/users?search= (D47): username or email contains the search, newest first. */
export const adminUsersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: adminKeys.users(search),
    queryFn: ({ signal }) =>
      getJson(withQuery("/api/admin/users", { search }), { schema: adminUserListSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** `enabled` false: nothing is asked for (the scores screen's player picker, until something is typed). */
export function useAdminUsers(search: string, enabled = true) {
  const isAdmin = useIsAdmin();
  return useQuery({ ...adminUsersQueryOptions(search), enabled: isAdmin && enabled });
}
