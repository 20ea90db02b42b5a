import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson } from "@/lib/api-client";
import { adminMessagesSchema } from "@contract/admin/form-submissions";

/** GET /api/admin/messages: contact messages, newsletter sign-ups and advertiser enquiries, latest first (D51). */
export const messagesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.messages(),
    queryFn: ({ signal }) => getJson("/api/admin/messages", { schema: adminMessagesSchema, signal }),
  });

export function useMessages() {
  const isAdmin = useIsAdmin();
  return useQuery({ ...messagesQueryOptions(), enabled: isAdmin });
}
