import { safeReturnTo } from "@contract/auth-constants";

/**
 * Where to go after signing in (D10): the `returnTo` query value when it is a same-site path
 * (starts with '/' and not '//', checked by the contract's safeReturnTo), else '/'. Server
 * endpoints and the login screen itself are no place to return to, so they also give '/'.
 */
export function afterSignInPath(returnTo: string | null | undefined): string {
  const path = safeReturnTo(returnTo);
  if (
    path === "/login" ||
    path.startsWith("/login?") ||
    path.startsWith("/login#") ||
    path === "/api" ||
    path.startsWith("/api/")
  )
    return "/";
  return path;
}

/** Full-page navigation target of the Google button (D15); the server checks returnTo again. */
export function googleSignInUrl(returnTo: string): string {
  return returnTo === "/" ? "/api/auth/google" : `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Messages for `/login?error=…`, set by the Google callback (D15). */
export const LOGIN_ERROR_MESSAGES: Record<string, string> = {
  google_unavailable: "Google sign-in is not available on this site.",
  google_failed: "Google sign-in failed. Please try again.",
  // D98: a first Google sign-in on an invite-only site that has no invite code
  registration_closed:
    "Registration on this site is closed, so no new account can be made with Google. If you already have an account, sign in.",
  account_disabled: "This account has been disabled. Please contact us if you think this is a mistake.",
};

export function loginErrorFromQuery(code: string | null | undefined): string | null {
  if (!code) return null;
  return LOGIN_ERROR_MESSAGES[code] ?? "Sign-in failed. Please try again.";
}
