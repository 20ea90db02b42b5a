import { useQuery } from "@tanstack/react-query";
import { getJson } from "./api-client";
import { useAsServerRendered } from "./hydration";

/**
 * The ids of my friends (D100's GET /api/friends), under the friends prefix so that whatever refreshes the
 * friends list (D84) refreshes them too. Shared by the profile (its Message button) and the messages.
 */
export const friendIdsKey = () => ["friends", "ids"] as const;

/**
 * D88: whether I am friends with `userId` (so may message them). Null while unknown (not asked, loading,
 * or the list could not be read).
 */
export function useIsFriend(userId: number, enabled: boolean): boolean | null {
  const query = useAsServerRendered(
    useQuery({
      queryKey: friendIdsKey(),
      queryFn: async ({ signal }) => {
        const lists = await getJson<{ friends: Array<{ id: number }> }>("/api/friends", { signal });
        return lists.friends.map((f) => f.id);
      },
      enabled,
      retry: false,
      // Personal: asked in the browser only (D70).
      meta: { clientOnly: true },
    }),
  );
  if (!enabled || !query.data) return null;
  return query.data.includes(userId);
}
