/**
 * The zod-free values of ./auth.ts, re-exported there: the client imports them from here so that a public
 * page does not load zod for them (issue 13 item 6, D73).
 */

/** Stands for the site's own origin while a return path is parsed (any origin would do: only "is it this one?" counts). */
const SITE = "http://site.invalid";

/**
 * A same-site path to return to after signing in; anything else falls back to "/". The path is parsed as a browser
 * would parse it on this site (which drops tabs and newlines and reads a backslash as a slash, so that
 * `/%09/evil.example` means `//evil.example`), and only a result on the site's own origin is kept, as the parser
 * wrote it: what is returned is what was checked (issue 17's security review, open redirect).
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
