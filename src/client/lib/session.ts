import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "@contract/auth";
import { USER_ROLES } from "@contract/studio-constants";
import { getJson } from "./api-client";
import { useAsServerRendered } from "./hydration";
import { authKeys } from "./query-keys";

/**
 * The signed-in user (D14: `{id, username, avatarUrl, createdAt, role}`, checked by toCurrentUser),
 * shared by the header, the login screen, reviews, chat and score saving, hence in lib/ rather than
 * a feature (features do not import each other).
 */
export type { CurrentUser };

/**
 * The payload as a CurrentUser with only its fields, or null when it is not one (a bad payload means signed
 * out). Checked by hand rather than with the contract's currentUserSchema: every page asks who is signed in,
 * and zod stays out of what public pages load (D73). session.test.ts checks that the two
 * agree.
 */
export function toCurrentUser(data: unknown): CurrentUser | null {
  if (!data || typeof data !== "object") return null;
  const { id, username, avatarUrl, createdAt, role } = data as Record<string, unknown>;
  if (
    typeof id !== "number" ||
    !Number.isSafeInteger(id) ||
    typeof username !== "string" ||
    typeof createdAt !== "string"
  )
    return null;
  if (avatarUrl !== null && typeof avatarUrl !== "string") return null;
  // D102, D130: the four roles
  if (!(USER_ROLES as readonly unknown[]).includes(role)) return null;
  return { id, username, avatarUrl, createdAt, role: role as CurrentUser["role"] };
}

export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

/**
 * Signed out, or any failure ('Failed to fetch user data': 404 while the endpoint does not exist,
 * network error, bad payload), means signed out. Never throws, never logs. Asked of GET /api/auth/session
 * (ADR 011), which answers 200 `{user: null}` signed out: GET /api/auth/user's 401 would put an error
 * in the console of every signed-out visitor's page.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    const data = await getJson<unknown>("/api/auth/session", { on401: "returnNull" });
    return data && typeof data === "object" ? toCurrentUser((data as { user?: unknown }).user) : null;
  } catch {
    return null;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: getCurrentUser,
    staleTime: CURRENT_USER_STALE_MS,
    retry: false,
    // D70: the server's HTML is the same for everyone; who is signed in is asked in the browser.
    meta: { clientOnly: true },
  });

export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean } {
  const query = useAsServerRendered(useQuery(currentUserQueryOptions()));
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** Full-page navigations to the auth endpoints (spec §7): the server owns these flows. */
export function loginUrl(options: { register?: boolean; returnTo?: string } = {}): string {
  const qs = new URLSearchParams();
  if (options.register) qs.set("tab", "register");
  if (options.returnTo && options.returnTo !== "/") qs.set("returnTo", options.returnTo);
  const s = qs.toString();
  return s ? `/api/auth/login?${s}` : "/api/auth/login";
}
export const LOGOUT_URL = "/api/auth/logout";
