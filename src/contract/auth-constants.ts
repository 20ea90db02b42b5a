/** The values of ./auth.ts without zod, for pages that must not load it (README.md). */

/** Stands for the site's own origin while a return path is parsed (any origin would do: only "is it this one?" counts). */
const SITE = "http://site.invalid";

/**
 * A same-site path to return to after signing in; anything else falls back to "/". The path is parsed as a browser
 * would parse it on this site (which drops tabs and newlines and reads a backslash as a slash, so that
 * `/%09/evil.example` means `//evil.example`), and only a result on the site's own origin is kept, as the parser
 * wrote it: what is returned is what was checked (no open redirect).
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 500) return "/";
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return "/";
  }
  if (url.origin !== SITE) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // a path the parser turned into one starting with "//" would be read as another host by whoever reads it next
  return path.startsWith("//") || path.startsWith("/\\") ? "/" : path;
}

/**
 * D98: a first Google sign-in on an invite-only site stops at /login's invite step
 * (`/login?google=invite`), which posts the code to POST /api/auth/google/signup. Its 400 when the step's
 * short-lived cookie is missing, forged or older than GOOGLE_SIGN_UP_TTL_MS.
 */
export const GOOGLE_INVITE_STEP = "invite";
export const GOOGLE_SIGN_UP_TTL_MS = 15 * 60 * 1000;
export const GOOGLE_SIGN_UP_EXPIRED =
  "Your Google sign-in for this step has expired. Please continue with Google again.";

/** D11: the 409 of a taken username (usernames are public, so saying so tells nothing new). */
export const USERNAME_TAKEN = "Username is already taken";

/**
 * What /login's Register tab says after an account was made with an email address. The same whether the
 * address was free (it gets a link) or already had an account (its owner gets a notice): the answer never tells.
 */
export const REGISTERED_EMAIL_TITLE = "Check your inbox";
export function registeredEmailMessage(email: string): string {
  return `We sent a link to ${email} to confirm it. Until then, sign in with your username.`;
}
export function registeredEmailHint(validHours: number): string {
  return `The link is valid for ${validHours} hours. No mail? Look in your spam folder, or send a new link from Settings.`;
}
