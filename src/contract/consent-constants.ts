/**
 * D150 consent: the purposes a visitor chooses, the account's copy of the choice and the site settings of the
 * CMS card "Consent". Zod-free so that the public layout imports it; ./consent.ts holds the schemas.
 */

/** The optional purposes; "necessary" is always on and never stored. */
export const CONSENT_PURPOSES = ["statistics", "advertising"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** A choice for each optional purpose. */
export type ConsentChoice = Record<ConsentPurpose, boolean>;

/** GET/PUT /api/me/consent: the account's choice (null: none made while signed in) and when it was made. */
export type AccountConsent = { choice: ConsentChoice | null; decidedAt: string | null };

/** The address of an IAB TCF consent tool's script (a CMP); while set it replaces the cookie notice. */
export const CONSENT_TOOL_URL_SETTING = "consent_tool_url";
/** The address of a statistics script, loaded only once a visitor allows statistics. */
export const STATISTICS_SCRIPT_URL_SETTING = "statistics_script_url";
export const CONSENT_SCRIPT_SETTINGS = [CONSENT_TOOL_URL_SETTING, STATISTICS_SCRIPT_URL_SETTING] as const;

export const SCRIPT_URL_MESSAGE =
  "Enter a full https:// address of a script (http:// only on this computer: localhost or 127.0.0.1)";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A script address the site may load: https, or http on a loopback host (a browser treats those as secure
 * too, and a developer's or test's stand-in lives there). No credentials in it, at most 2,000 characters.
 * Returns the normalised address, undefined when it is not one; "" (blank) means not set.
 */
export function parseScriptUrl(value: string | undefined): string | undefined {
  const text = value?.trim() ?? "";
  if (text === "") return "";
  if (text.length > 2000) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (url.protocol === "https:") return url.href;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return url.href;
  return undefined;
}
