import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { authKeys } from "@/lib/query-keys";

export type AuthProviders = { google: boolean };

/**
 * GET /api/auth/providers: which sign-in methods this site offers. Any failure: password only.
 * Google is offered only for `google: true` (checked by hand: no zod on public pages, D73).
 */
export async function getAuthProviders(): Promise<AuthProviders> {
  try {
    const data = await getJson<{ google?: unknown } | null>("/api/auth/providers");
    return { google: data?.google === true };
  } catch {
    return { google: false };
  }
}

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: [...authKeys.all, "providers"] as const,
    queryFn: getAuthProviders,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
