/**
 * The zod-free values of ./auth.ts, re-exported there: the client imports them from here so that a public
 * page does not load zod for them (issue 13 item 6, D73).
 */

/** A same-site path to return to after signing in; anything else falls back to "/". */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || value.length > 500) return "/";
  return value;
}
