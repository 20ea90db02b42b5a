import { useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { useAsServerRendered } from "@/lib/hydration";
import { messageKeys } from "./keys";

/**
 * GET /api/messages/unread: how many messages wait for me (for the header). Null while unknown or signed out. A
 * module of its own: the header of every signed-in page asks it, without the rest of the messages' code (D73).
 */
export function useUnreadMessageCount(enabled = true): number | null {
  const query = useAsServerRendered(
    useQuery({
      queryKey: messageKeys.unread(),
      queryFn: ({ signal }) => getJson<{ unread: number }>("/api/messages/unread", { signal }),
      enabled,
      meta: { clientOnly: true },
    }),
  );
  return query.data?.unread ?? null;
}
