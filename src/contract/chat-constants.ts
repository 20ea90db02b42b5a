/** The values of ./chat.ts without zod, for pages that must not load it (README.md). */

export const CHAT_MAX_LENGTH = 500;
/** D36: at most 5 messages per 10 seconds per user. */
export const CHAT_RATE_LIMIT = { limit: 5, windowMs: 10_000 } as const;
/** D37: the live channel's path (a WebSocket on the site origin). */
export const CHAT_LIVE_PATH = "/api/chat/live";

/** D98: the public chat is on unless `site.chat_enabled` is "false" (school mode turns it off). */
export const CHAT_ENABLED_SETTING = "chat_enabled";
export const CHAT_OFF_MESSAGE = "Chat is turned off on this site";
/** Whether the stored value leaves the chat on (missing, empty or anything but "false"). */
export function chatEnabled(stored: string | null | undefined): boolean {
  return stored?.trim().toLowerCase() !== "false";
}
