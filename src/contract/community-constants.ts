/**
 * D98 filters, switches and school mode: the site settings (website content `site.*`) behind the CMS card
 * "Community safety", their defaults and the messages players see. Zod-free so that the client imports them;
 * the server reads them in services/community-settings.ts.
 */
import { CHAT_ENABLED_SETTING, CHAT_OFF_MESSAGE } from "./chat-constants";
import { CONSENT_SCRIPT_SETTINGS } from "./consent-constants";
import type { ProfileVisibility } from "./me-constants";
import { STAFF_TWO_STEP_SETTING } from "./two-step-constants";

/** D98: the word lists, one word (or phrase) per line. "block" refuses the text, "mask" stars the word. */
export const FILTER_BLOCK_SETTING = "filter_block";
export const FILTER_MASK_SETTING = "filter_mask";
/** D98: links in chat are off by default; "true" allows them. */
export const CHAT_LINKS_SETTING = "chat_links";
/** The chat switch lives in ./chat-constants.ts (the home page's chat panel imports only that, D73). */
export { CHAT_ENABLED_SETTING, CHAT_OFF_MESSAGE, chatEnabled } from "./chat-constants";
/** D98: "open" (default) or "invite" (registration needs `site.invite_code`). */
export const REGISTRATION_SETTING = "registration";
export const INVITE_CODE_SETTING = "invite_code";
/** D98 school mode: the profile visibility new players start with ("public" unless set). */
export const DEFAULT_PROFILE_VISIBILITY_SETTING = "default_profile_visibility";
/** D98, D115: "true" while school mode is on (the preset sets it; the card's switch turns it off). */
export const SCHOOL_MODE_SETTING = "school_mode";
/** D115: in school mode, games from feeds that carry their own ads are hidden from players; on unless "false". */
export const SCHOOL_HIDES_AD_GAMES_SETTING = "school_hides_ad_games";

/**
 * Settings only the CMS may read: left out of the public GET /api/content (the invite code would open
 * registration to anyone; the word lists would tell how to get around them).
 */
export const PRIVATE_SITE_SETTINGS: readonly string[] = [
  FILTER_BLOCK_SETTING,
  FILTER_MASK_SETTING,
  INVITE_CODE_SETTING,
  STAFF_TWO_STEP_SETTING,
];

/** Settings that may be saved empty (an empty word list; no invite code). */
export const SITE_SETTINGS_ALLOWED_EMPTY: readonly string[] = [
  FILTER_BLOCK_SETTING,
  FILTER_MASK_SETTING,
  INVITE_CODE_SETTING,
  // D150: no consent tool, no statistics script
  ...CONSENT_SCRIPT_SETTINGS,
];

/** Every setting the "Community safety" card edits (left out of the Site form's list of other text items). */
export const COMMUNITY_SAFETY_SETTINGS: readonly string[] = [
  FILTER_BLOCK_SETTING,
  FILTER_MASK_SETTING,
  CHAT_LINKS_SETTING,
  CHAT_ENABLED_SETTING,
  REGISTRATION_SETTING,
  INVITE_CODE_SETTING,
  DEFAULT_PROFILE_VISIBILITY_SETTING,
  SCHOOL_MODE_SETTING,
  SCHOOL_HIDES_AD_GAMES_SETTING,
  // The staff two-step switch sits on the same card
  STAFF_TWO_STEP_SETTING,
];

export const REGISTRATION_MODES = ["open", "invite"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
export const REGISTRATION_MESSAGE = "Registration must be 'open' or 'invite'";

/** Whether the stored value allows links in chat (only "true": D98 says off by default). */
export function chatLinksAllowed(stored: string | null | undefined): boolean {
  return stored?.trim().toLowerCase() === "true";
}

/** Whether school mode is on (only "true": off on a fresh install). */
export function schoolModeOn(stored: string | null | undefined): boolean {
  return stored?.trim().toLowerCase() === "true";
}

/** D115: whether school mode hides games from ad-carrying feeds (on unless "false"). */
export function schoolHidesAdGames(stored: string | null | undefined): boolean {
  return stored?.trim().toLowerCase() !== "false";
}

/** The switches stored as "true" or "false", and the message for any other value. */
export const SCHOOL_SWITCHES: Readonly<Record<string, string>> = {
  [SCHOOL_MODE_SETTING]: "School mode must be true or false",
  [SCHOOL_HIDES_AD_GAMES_SETTING]: "Hiding games that carry their own ads must be true or false",
};

/** The registration mode a stored value means ("open" for anything but "invite"). */
export function registrationMode(stored: string | null | undefined): RegistrationMode {
  return stored?.trim().toLowerCase() === "invite" ? "invite" : "open";
}

export function parseRegistrationMode(value: string): RegistrationMode | undefined {
  const v = value.trim().toLowerCase();
  return (REGISTRATION_MODES as readonly string[]).includes(v) ? (v as RegistrationMode) : undefined;
}

/** The profile visibility a stored default means ("public" unless one of the others). */
export function defaultProfileVisibility(stored: string | null | undefined): ProfileVisibility {
  const v = stored?.trim().toLowerCase();
  return v === "private" || v === "friends" ? v : "public";
}

/** An invite code: 4 to 64 characters, no spaces (compared ignoring case and surrounding spaces). */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;
export const INVITE_CODE_MESSAGE = "An invite code is 4 to 64 letters, digits, '-' or '_'";
/** The registration form's field; the server's 400 when it is missing or wrong. */
export const INVITE_CODE_REQUIRED = "Registration on this site needs an invite code";
export const INVITE_CODE_WRONG = "This invite code is not valid";
/** An invite-only site without a code cannot take registrations (school mode always sets one). */
export const REGISTRATION_CLOSED = "Registration on this site is closed";

/** The 400/403 messages of the filtered surfaces, shown as they are by the forms. */
export const COMMUNITY_REFUSALS = {
  blocked: "Your message contains a word that is not allowed here",
  blockedReview: "Your review contains a word that is not allowed here",
  blockedUsername: "This username contains a word that is not allowed here",
  links: "Links are not allowed in chat",
  chatOff: CHAT_OFF_MESSAGE,
} as const;

/** POST /api/admin/settings/school-mode: what the preset changed. */
export type SchoolModeResult = {
  inviteCode: string;
  /** players whose profile was public or friends-only and is now private */
  profilesMadePrivate: number;
};
