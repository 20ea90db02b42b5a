/**
 * Personal live events: friends, notifications, direct messages. They travel on the site's one WebSocket (the
 * chat's, CHAT_LIVE_PATH; ADR 012) to the sockets opened with that player's session, beside the public chat events.
 * Plain types, no zod: the header of every page reads them, and the server only sends what it built.
 * A page ignores any event it does not know.
 */

/** D108: notifications only moderators and admins get; part of their duty, so not a setting they can turn off. */
export const STAFF_NOTIFICATION_KINDS = ["score_held"] as const;

/** D85: the kinds of notification. */
export const NOTIFICATION_KIND_LIST = [
  "friend_request",
  "friend_accepted",
  "score_beaten",
  "achievement",
  "report_handled",
  "announcement",
  "room_invite",
  "room_turn",
  /** D130: an admin approved or declined the player's request to become a creator */
  "creator_application",
  /** D133: staff requested changes to, approved or published a build of the player's game */
  "build_review",
  ...STAFF_NOTIFICATION_KINDS,
] as const;
export type NotificationKind = (typeof NOTIFICATION_KIND_LIST)[number];

/** A player as other players see them in notifications, friends lists and messages. */
export type PublicPlayer = { id: number; username: string; avatarUrl: string | null };

/** D85: one notification; `data` holds what its text needs (see notificationText in the client). */
export type NotificationItem = {
  id: number;
  kind: NotificationKind;
  createdAt: string;
  readAt: string | null;
  /** the player who caused it (friend request, accepted, score beaten), when there is one */
  actor: PublicPlayer | null;
  /** the game it is about (score beaten, a game's achievement), when there is one */
  game: { id: number; title: string } | null;
  /** the achievement's title, the score, the announcement's text, the report's outcome … */
  text: string | null;
  /** where the notification leads when opened (a path on this site), when anywhere */
  link: string | null;
};

/** D84: what a friend is doing, when they share it. */
export type Presence =
  { status: "offline" } | { status: "online" } | { status: "playing"; game: { id: number; title: string } };

export type PlayerLiveEvent =
  /** a new notification for this player, and the unread count after it */
  | { type: "notification"; notification: NotificationItem; unread: number }
  /** notifications changed elsewhere (read in another tab, an announcement to everybody): refetch */
  | { type: "notifications-changed" }
  /** requests, friendships or blocks changed: refetch the friends list */
  | { type: "friends-changed" }
  /** D122: a friend's room opened, took or lost a player, or closed: refetch the friends list */
  | { type: "friend-rooms-changed" }
  /** a friend's presence changed */
  | { type: "presence"; userId: number; presence: Presence }
  /** D88: a direct message in a conversation with `withUserId` (sent or received), or messages read */
  | { type: "direct-messages-changed"; withUserId: number }
  /**
   * D96: the account was banned (disabled): the WebSocket route closes every socket of the player at once, on
   * every process (code ACCOUNT_CLOSED_CODE); pages never receive this event itself.
   */
  | { type: "account-closed" };

/** The close code of a live socket whose account was banned (4000–4999: an application's own codes). */
export const ACCOUNT_CLOSED_CODE = 4003;

/** The WebSocket's personal events are told apart from the chat's by their types. */
export const PLAYER_LIVE_TYPES: ReadonlySet<string> = new Set([
  "notification",
  "notifications-changed",
  "friends-changed",
  "friend-rooms-changed",
  "presence",
  "direct-messages-changed",
]);
