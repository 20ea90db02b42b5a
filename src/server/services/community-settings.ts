import crypto from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import {
  CHAT_ENABLED_SETTING,
  CHAT_LINKS_SETTING,
  chatEnabled,
  chatLinksAllowed,
  COMMUNITY_REFUSALS,
  DEFAULT_PROFILE_VISIBILITY_SETTING,
  defaultProfileVisibility,
  FILTER_BLOCK_SETTING,
  FILTER_MASK_SETTING,
  INVITE_CODE_REQUIRED,
  INVITE_CODE_SETTING,
  INVITE_CODE_WRONG,
  REGISTRATION_CLOSED,
  REGISTRATION_SETTING,
  registrationMode,
  type RegistrationMode,
  SCHOOL_HIDES_AD_GAMES_SETTING,
  SCHOOL_MODE_SETTING,
  schoolHidesAdGames,
  schoolModeOn,
  type SchoolModeResult,
} from "../../contract/community-constants";
import {
  CONSENT_TOOL_URL_SETTING,
  parseScriptUrl,
  STATISTICS_SCRIPT_URL_SETTING,
} from "../../contract/consent-constants";
import { DIRECT_MESSAGES_SETTING } from "../../contract/direct-messages-constants";
import type { ProfileVisibility } from "../../contract/me-constants";
import { STAFF_TWO_STEP_SETTING, staffTwoStepRequired } from "../../contract/two-step-constants";
import type { Db } from "../db/client";
import { usersTable, websiteContentTable } from "../db/schema";
import { Forbidden, Invalid } from "../errors";
import { updateSiteSettings } from "./content";
import { compileWordFilter, containsLink, type WordFilter } from "./word-filter";

/**
 * D98 community settings: the word filter, links in chat, the chat and registration switches and the school-mode
 * preset, read from the `site.*` website content. No HTTP types.
 *
 * Contract:
 * - The settings (and the compiled word filter) are cached per process and per database for at most
 *   CACHE_MAX_AGE_MS. `invalidateCommunitySettings(db)` drops them: the settings routes call it after a change,
 *   and app.ts calls it when another process announces a change (the cached-reads NOTIFY, which
 *   every /api/admin/settings and /api/admin/website-content write sends). A load that started before an
 *   invalidation is used by its caller but not kept.
 * - `filterText` refuses (400, the surface's message) a text with a blocked word and returns it with masked
 *   words starred; `assertChatPostable` adds the chat rules (chat off: 403; a link while links are off: 400).
 * - D150: the consent tool's and the statistics script's addresses are read here too (cached alike), each
 *   validated as the settings contract does: a stored address that is not valid counts as not set.
 * - `checkInvite` enforces registration by invite code (400 without or with a wrong one); `googleSignUpGate` tells
 *   the Google callback whether a first sign-in needs it (Google sign-up is no way around the code).
 */

export type CommunitySettings = {
  filter: WordFilter;
  chatEnabled: boolean;
  chatLinks: boolean;
  registration: RegistrationMode;
  inviteCode: string;
  defaultProfileVisibility: ProfileVisibility;
  /** Two-step sign-in required of every admin and moderator */
  staffTwoStepRequired: boolean;
  schoolMode: boolean;
  /** D115: games from feeds that carry their own ads are hidden from players (school mode and its switch both on) */
  hideAdCarryingGames: boolean;
  /** D150: the IAB TCF consent tool's script address ("" when none, or when the stored one is not valid) */
  consentToolUrl: string;
  /** D150: the statistics script loaded after a visitor's consent ("" when none or not valid) */
  statisticsScriptUrl: string;
};

const KEYS = [
  FILTER_BLOCK_SETTING,
  FILTER_MASK_SETTING,
  CHAT_ENABLED_SETTING,
  CHAT_LINKS_SETTING,
  REGISTRATION_SETTING,
  INVITE_CODE_SETTING,
  DEFAULT_PROFILE_VISIBILITY_SETTING,
  STAFF_TWO_STEP_SETTING,
  SCHOOL_MODE_SETTING,
  SCHOOL_HIDES_AD_GAMES_SETTING,
  CONSENT_TOOL_URL_SETTING,
  STATISTICS_SCRIPT_URL_SETTING,
];

/** A backstop for changes made outside the application (an operator's SQL) or a missed NOTIFY. */
export const CACHE_MAX_AGE_MS = 30_000;

type Entry = { generation: number; at: number; value: Promise<CommunitySettings> };
const cache = new WeakMap<Db, { generation: number; entry?: Entry }>();

async function load(db: Db): Promise<CommunitySettings> {
  const rows = await db
    .select({ key: websiteContentTable.key, value: websiteContentTable.value })
    .from(websiteContentTable)
    .where(and(eq(websiteContentTable.section, "site"), inArray(websiteContentTable.key, KEYS)));
  const get = (key: string) => rows.find((r) => r.key === key)?.value;
  return {
    filter: compileWordFilter(get(FILTER_BLOCK_SETTING), get(FILTER_MASK_SETTING)),
    chatEnabled: chatEnabled(get(CHAT_ENABLED_SETTING)),
    chatLinks: chatLinksAllowed(get(CHAT_LINKS_SETTING)),
    registration: registrationMode(get(REGISTRATION_SETTING)),
    inviteCode: get(INVITE_CODE_SETTING)?.trim() ?? "",
    defaultProfileVisibility: defaultProfileVisibility(get(DEFAULT_PROFILE_VISIBILITY_SETTING)),
    staffTwoStepRequired: staffTwoStepRequired(get(STAFF_TWO_STEP_SETTING)),
    schoolMode: schoolModeOn(get(SCHOOL_MODE_SETTING)),
    hideAdCarryingGames:
      schoolModeOn(get(SCHOOL_MODE_SETTING)) && schoolHidesAdGames(get(SCHOOL_HIDES_AD_GAMES_SETTING)),
    consentToolUrl: parseScriptUrl(get(CONSENT_TOOL_URL_SETTING)) ?? "",
    statisticsScriptUrl: parseScriptUrl(get(STATISTICS_SCRIPT_URL_SETTING)) ?? "",
  };
}

/** The community settings of `db`, from this process's cache when fresh. */
export function communitySettings(db: Db, now = Date.now()): Promise<CommunitySettings> {
  let slot = cache.get(db);
  if (!slot) cache.set(db, (slot = { generation: 0 }));
  const hit = slot.entry;
  if (hit && hit.generation === slot.generation && now - hit.at < CACHE_MAX_AGE_MS) return hit.value;
  const entry: Entry = { generation: slot.generation, at: now, value: load(db) };
  const owner = slot;
  owner.entry = entry;
  entry.value.catch(() => {
    if (owner.entry === entry) owner.entry = undefined;
  });
  return entry.value;
}

/** Drops this process's cached settings of `db` (after a change has committed). */
export function invalidateCommunitySettings(db: Db): void {
  const slot = cache.get(db);
  if (!slot) return;
  slot.generation++;
  slot.entry = undefined;
}

export type FilteredSurface = "chat" | "review" | "directMessage";

const BLOCKED_MESSAGE: Record<FilteredSurface, string> = {
  chat: COMMUNITY_REFUSALS.blocked,
  directMessage: COMMUNITY_REFUSALS.blocked,
  review: COMMUNITY_REFUSALS.blockedReview,
};

/** D98: the text with masked words starred; 400 with the surface's message when it holds a blocked word. */
export async function filterText(db: Db, surface: FilteredSurface, text: string): Promise<string> {
  const { filter } = await communitySettings(db);
  const result = filter.check(text);
  if (result.blocked) throw new Invalid(BLOCKED_MESSAGE[surface]);
  return result.text;
}

/** D98: whether `username` holds no blocked word of `filter` (masked words are allowed in a name). */
export function usernamePassesFilter(filter: WordFilter, username: string): boolean {
  // "BadGuy" and "bad_guy" are two words each: split camel case so that a whole-word entry still finds them.
  const spaced = username.replace(/([a-z])([A-Z])/g, "$1 $2");
  return !filter.check(spaced).blocked;
}

/** D98: a username with a blocked word is refused (400); masked words are not starred in a name. */
export async function assertUsernameAllowed(db: Db, username: string): Promise<void> {
  const { filter } = await communitySettings(db);
  if (!usernamePassesFilter(filter, username)) throw new Invalid(COMMUNITY_REFUSALS.blockedUsername);
}

/**
 * D98: a chat message as it will be stored: 403 when the chat is off, 400 for a link while links are off or a
 * blocked word; masked words starred.
 */
export async function checkChatMessage(db: Db, text: string): Promise<string> {
  const settings = await communitySettings(db);
  if (!settings.chatEnabled) throw new Forbidden(COMMUNITY_REFUSALS.chatOff);
  if (!settings.chatLinks && containsLink(text)) throw new Invalid(COMMUNITY_REFUSALS.links);
  return filterText(db, "chat", text);
}

/** D98: on an invite-only site, registration needs the code (compared ignoring case and surrounding spaces). */
export async function checkInvite(db: Db, code: string | undefined): Promise<void> {
  const settings = await communitySettings(db);
  if (settings.registration !== "invite") return;
  if (!settings.inviteCode) throw new Forbidden(REGISTRATION_CLOSED);
  const given = code?.trim() ?? "";
  if (!given) throw new Invalid(INVITE_CODE_REQUIRED);
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(settings.inviteCode.toLowerCase());
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw new Invalid(INVITE_CODE_WRONG);
}

/**
 * D98: what a first Google sign-in (no account has its `sub`) may do: "open" creates the account,
 * "invite" must first be given the invite code (checkInvite), "closed" (invite-only without a code) may not.
 */
export async function googleSignUpGate(db: Db): Promise<"open" | "invite" | "closed"> {
  const settings = await communitySettings(db);
  if (settings.registration !== "invite") return "open";
  return settings.inviteCode ? "invite" : "closed";
}

/** A new invite code: 10 letters and digits without look-alikes (no 0/o, 1/l/i). */
export function newInviteCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = crypto.randomBytes(10);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * D98 school mode in one step: chat off, direct messages off, registration by invite code (a new code when
 * none is set), new players' profiles private, and every existing player's profile made private (players may
 * open theirs again in /settings); `site.school_mode` on, which hides games with their own ads (D115) unless
 * its switch is off. Invalidates this process's cache (the route's catalogue invalidation drops the cached lists).
 */
export async function applySchoolMode(db: Db): Promise<SchoolModeResult> {
  const current = await load(db);
  const inviteCode = current.inviteCode || newInviteCode();
  await updateSiteSettings(db, {
    [CHAT_ENABLED_SETTING]: "false",
    [DIRECT_MESSAGES_SETTING]: "false",
    [REGISTRATION_SETTING]: "invite",
    [INVITE_CODE_SETTING]: inviteCode,
    [DEFAULT_PROFILE_VISIBILITY_SETTING]: "private",
    [SCHOOL_MODE_SETTING]: "true",
  });
  const changed = await db
    .update(usersTable)
    .set({ profileVisibility: "private" })
    .where(ne(usersTable.profileVisibility, "private"))
    .returning({ id: usersTable.id });
  invalidateCommunitySettings(db);
  return { inviteCode, profilesMadePrivate: changed.length };
}
