/**
 * The games origins (D2): where a game's frame is served and which origins the site treats as games.
 *
 * Contract. `gamesUrl` is `Config.gamesUrl`, the value of GAMES_URL as loadConfig left it:
 * - Without `{id}` (single-origin mode): one origin serves every game. `gamesOrigin(gamesUrl, id)` is
 *   `gamesUrl` itself for every id, `gamesOriginSource` is `gamesUrl`, `gameIdOfHost` is undefined for every
 *   host (no host is tied to a game).
 * - With `{id}` (per-game mode), e.g. `https://g{id}.games.example.net` or `http://g{id}.localhost:5001`:
 *   game `id` runs on the origin with `{id}` replaced by its decimal id (`https://g5.games.example.net`);
 *   `gamesOriginSource` is a CSP source that matches every such origin (`https://*.games.example.net`);
 *   `gameIdOfHost` reads the id back from a request's host name (`g5.games.example.net` → "5"), and only the
 *   canonical spelling counts (no leading zero), so each game has exactly one origin.
 *   loadConfig accepts a template only as `parseGamesUrlTemplate` says (http or https, `{id}` exactly once and
 *   only in the host name's first label, at least one label after it, no path, query, fragment or user), and
 *   stores it normalised: `{scheme}://{lower-case host}[:{port}]`, the default port left out.
 *   The games listener compares `gameIdOfHost` of the request's Host header (`hostnameOfHostHeader`, never
 *   X-Forwarded-Host) with the folder asked for under /game-frame/ (games-origin.ts).
 * In single-origin mode `gamesUrl` may carry a path: `gamesOrigin` then answers it whole.
 * Pure functions of strings, no I/O: the server, its tests and the e2e fixtures share them.
 */

/** The placeholder of a game's id in GAMES_URL. */
export const GAME_ID_PLACEHOLDER = "{id}";

/** True when GAMES_URL gives every game an origin of its own. */
export function isPerGameOrigins(gamesUrl: string): boolean {
  return gamesUrl.includes(GAME_ID_PLACEHOLDER);
}

/** The origin (scheme, host, port; no path) that game `id` runs on. */
export function gamesOrigin(gamesUrl: string, id: number | string): string {
  if (!isPerGameOrigins(gamesUrl)) return gamesUrl;
  return gamesUrl.replace(GAME_ID_PLACEHOLDER, String(id));
}

/**
 * The CSP source (for the site's `frame-src`) that allows the games: `gamesUrl` itself, or in per-game mode
 * the template's scheme, a wildcard for its first label and its port (`http://*.localhost:5001`).
 */
export function gamesOriginSource(gamesUrl: string): string {
  if (!isPerGameOrigins(gamesUrl)) return gamesUrl;
  const u = new URL(gamesUrl);
  const rest = u.hostname.slice(u.hostname.indexOf(".") + 1);
  return `${u.protocol}//*.${rest}${u.port ? `:${u.port}` : ""}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A game's id as written in a host name or a path: decimal, no leading zero, at most 15 digits. */
const ID_PATTERN = "[1-9][0-9]{0,14}";

/** In per-game mode, the id of the game whose host name `hostname` is (a request's Host without its port); else undefined. */
export function gameIdOfHost(gamesUrl: string, hostname: string): string | undefined {
  if (!isPerGameOrigins(gamesUrl)) return undefined;
  const [before, after] = new URL(gamesUrl).hostname.split(GAME_ID_PLACEHOLDER);
  const match = new RegExp(`^${escapeRegExp(before)}(${ID_PATTERN})${escapeRegExp(after)}$`).exec(
    hostname.toLowerCase().replace(/\.$/, ""),
  );
  return match?.[1];
}

/**
 * The host name of a Host header (its port and a final dot removed, lower case). The games listener reads the Host
 * header itself, never X-Forwarded-Host: a browser cannot set Host, but a game's script could send
 * X-Forwarded-Host to its own host, and a proxy that passes it on would then have one game's host serve another's files.
 */
export function hostnameOfHostHeader(host: string | undefined): string {
  return (host ?? "").trim().toLowerCase().replace(/:\d*$/, "").replace(/\.$/, "");
}

/** True when `origin` is a games origin: the one of single-origin mode, or any game's in per-game mode. */
export function isGamesOrigin(gamesUrl: string, origin: string): boolean {
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false;
  }
  if (!isPerGameOrigins(gamesUrl)) return u.origin === new URL(gamesUrl).origin;
  const id = gameIdOfHost(gamesUrl, u.hostname);
  return id !== undefined && u.origin === gamesOrigin(gamesUrl, id);
}

/**
 * Checks a GAMES_URL that contains `{` or `}` (loadConfig calls it on the value with trailing slashes removed).
 * Answers the normalised template, or why it cannot be one (one line, for a ConfigError).
 */
export function parseGamesUrlTemplate(raw: string): { ok: true; gamesUrl: string } | { ok: false; message: string } {
  const fail = (why: string) => ({
    ok: false as const,
    message: `GAMES_URL ${why} (D79, e.g. https://g{id}.games.example.net)`,
  });
  if (raw.split(GAME_ID_PLACEHOLDER).length !== 2) return fail("must contain {id} exactly once");
  if (/[{}]/.test(raw.replace(GAME_ID_PLACEHOLDER, "")))
    return fail("may contain no placeholder but {id}, in lower case");
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return fail("is not a URL");
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return fail("must start with http:// or https://");
  if (u.username || u.password) return fail("must not contain a user name or password");
  const labels = u.hostname.split(".");
  if (!labels[0].includes(GAME_ID_PLACEHOLDER)) return fail("must have {id} in the first label of its host name");
  if (u.pathname !== "/" || u.search || u.hash) return fail("must be an origin, without a path, query or fragment");
  if (labels.length < 2 || labels.slice(1).some((l) => l === ""))
    return fail("must have a domain after the label with {id}");
  if (!/^[a-z0-9-]*$/.test(labels[0].replace(GAME_ID_PLACEHOLDER, "")))
    return fail("must have only letters, digits and - beside {id}");
  return { ok: true, gamesUrl: `${u.protocol}//${u.host}` };
}

/** Second-level labels under which names are registered ("example.co.uk"): a short list, enough for a warning. */
const SECOND_LEVEL = new Set([
  "co",
  "com",
  "org",
  "net",
  "ac",
  "gov",
  "edu",
  "ne",
  "or",
  "go",
  "gv",
  "sch",
  "nhs",
  "ltd",
  "plc",
]);

/**
 * The registrable domain shared by the site and the games' origins, if any ("example.com" for
 * www.example.com and games.example.com), by a heuristic (the last two labels, three under a country's second level
 * like co.uk), not the public suffix list: it only decides whether to warn at start. Cookies set by a game on a
 * sibling subdomain can reach the site's (the session cookie is `__Host-` on https, which they cannot plant). IP
 * addresses and single-label names (localhost) share nothing.
 */
export function sharedRegistrableDomain(publicUrl: string, gamesUrl: string): string | undefined {
  const registrable = (host: string): string | undefined => {
    if (/^[\d.]+$/.test(host) || host.includes(":") || host.startsWith("[")) return undefined;
    const labels = host.replace(/\.$/, "").toLowerCase().split(".");
    if (labels.length < 2) return undefined;
    const n = labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!) ? 3 : 2;
    return labels.slice(-n).join(".");
  };
  const site = registrable(new URL(publicUrl).hostname);
  const games = registrable(new URL(gamesOrigin(gamesUrl, 1)).hostname);
  return site !== undefined && site === games ? site : undefined;
}
