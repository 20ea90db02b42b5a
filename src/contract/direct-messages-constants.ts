/** The values and types of ./direct-messages.ts without zod, for pages that must not load it (README.md). */
import type { PublicPlayer } from "./player-live";

/** D88: a message is 1 to 1000 characters once trimmed. */
export const DIRECT_MESSAGE_MAX_LENGTH = 1000;
/** The composer shows how many characters are left from this many on. */
export const DIRECT_MESSAGE_COUNTER_FROM = 800;
/** D88: messages a player may send per minute, all conversations together (rate-limit-table.ts `directMessage`). */
export const DIRECT_MESSAGE_RATE_LIMIT = { limit: 20, windowMs: 60_000 } as const;
/** A page of a conversation: 30 messages by default, 100 at most. */
export const DIRECT_MESSAGE_PAGE = { default: 30, max: 100 } as const;
/** At most this many conversations are listed (the newest). */
export const CONVERSATIONS_MAX = 200;

/**
 * D88: the site setting (website content `site.direct_messages`) behind the CMS switch "Direct messages".
 * Only "false" turns them off (schools): nobody can send; what was sent stays readable.
 */
export const DIRECT_MESSAGES_SETTING = "direct_messages";

/** Whether the stored value of the setting leaves direct messages on (missing, empty or anything but "false"). */
export function directMessagesEnabled(stored: string | null | undefined): boolean {
  return stored?.trim().toLowerCase() !== "false";
}

/** The 403 messages of POST /api/messages/{userId}, shown as they are by the composer. */
export const DIRECT_MESSAGE_REFUSALS = {
  off: "Direct messages are turned off on this site",
  notFriends: "You can only message your friends",
  blockedByMe: "You have blocked this player",
} as const;

/** One message of a conversation. */
export type DirectMessage = { id: number; senderId: number; body: string; createdAt: string; readAt: string | null };

/** GET /api/messages: a conversation, newest first. */
export type Conversation = {
  user: PublicPlayer;
  lastMessage: { id: number; body: string; createdAt: string; fromMe: boolean };
  /** their messages I have not read */
  unread: number;
};

/** GET /api/messages/{userId}: a page of the conversation (oldest first within the page; pages go back in time). */
export type DirectMessageThread = {
  user: PublicPlayer;
  messages: DirectMessage[];
  /** older messages exist (ask again with `before` = the first message's id) */
  hasMore: boolean;
  /** whether I may write now; when not, `cannotSendReason` says why (the same words as the POST's 403) */
  canSend: boolean;
  cannotSendReason: string | null;
};
