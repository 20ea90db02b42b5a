import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getJson } from "@/lib/api-client";
import { authKeys } from "@/lib/query-keys";

const providersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof providersSchema>;

/** GET /api/auth/providers (D10, D15): which sign-in methods this site offers. Any failure: password only. */
export async function getAuthProviders(): Promise<AuthProviders> {
  try {
    return await getJson("/api/auth/providers", { schema: providersSchema });
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
