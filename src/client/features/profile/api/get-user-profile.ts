import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { useAsServerRendered } from "@/lib/hydration";
import type { UserProfile } from "@contract/users";

/** Query keys: every variable the fetcher uses is in the key. */
export const userKeys = {
  all: ["users"] as const,
  detail: (id: number) => [...userKeys.all, "detail", id] as const,
  /** D87: the same profile as the signed-in visitor sees it (client-only) */
  asViewer: (id: number) => [...userKeys.all, "detail", id, "viewer"] as const,
  stats: (id: number) => [...userKeys.all, "stats", id] as const,
};

/**
 * GET /api/users/{id}: public user + rank (null when unranked), totalScore, gamesPlayed, winRate. 404 → ApiError.
 * D87: `restricted` when the visitor may not see the whole profile (only id, username and avatar are given).
 */
export function getUserProfile(id: number, signal?: AbortSignal) {
  return getJson<UserProfile>(`/api/users/${id}`, { signal });
}

export const userProfileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUserProfile(id, signal),
  });

export function useUserProfile(id: number | null) {
  return useQuery({ ...userProfileQueryOptions(id ?? 0), enabled: id !== null });
}

/**
 * D87: the server renders a profile as a signed-out visitor sees it, the same for everybody. When that answer
 * was restricted and someone is signed in, the browser asks again with the visitor's cookie (client-only, after
 * hydration): a friend or the owner then gets the whole profile.
 */
export function useViewerProfile(id: number | null, enabled: boolean) {
  return useAsServerRendered(
    useQuery({
      queryKey: userKeys.asViewer(id ?? 0),
      queryFn: ({ signal }) => getUserProfile(id ?? 0, signal),
      enabled: enabled && id !== null,
      retry: false,
      meta: { clientOnly: true },
    }),
  );
}
