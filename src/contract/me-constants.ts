/** The values of ./me.ts (player settings) without zod, for pages that must not load it (README.md). */

/** D85: the notification kinds a player can turn off (the database's list but the staff's, checked by a test). */
export const NOTIFICATION_PREF_KINDS = [
  "friend_request",
  "friend_accepted",
  "score_beaten",
  "achievement",
  "report_handled",
  "announcement",
  "room_invite",
  "room_turn",
  "creator_application",
  "build_review",
] as const;
export type NotificationPrefKind = (typeof NOTIFICATION_PREF_KINDS)[number];

/** What the settings screen calls each kind. */
export const NOTIFICATION_PREF_LABELS: Record<NotificationPrefKind, { label: string; hint: string }> = {
  friend_request: { label: "Friend requests", hint: "Someone wants to be your friend." },
  friend_accepted: { label: "Accepted requests", hint: "A player accepted your friend request." },
  score_beaten: { label: "Beaten scores", hint: "A friend beat your best score on a game." },
  achievement: { label: "Achievements", hint: "You unlocked an achievement." },
  report_handled: { label: "Reports", hint: "A report you made was handled." },
  announcement: { label: "Announcements", hint: "News from the site's team." },
  room_invite: { label: "Game invites", hint: "A friend invited you to play with them." },
  room_turn: { label: "Your turn", hint: "It is your move in a game you play with others." },
  creator_application: { label: "Creator applications", hint: "An answer to your request to publish games." },
  build_review: { label: "Build reviews", hint: "Staff sent back, approved or published a build of your game." },
};

/** D87: who may see a profile beyond its name and avatar. */
export const PROFILE_VISIBILITIES = ["public", "friends", "private"] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

/** D87: days between "Delete my account" and the anonymisation; signing in before then cancels it. */
export const DELETION_GRACE_DAYS = 14;

/** D87: how reviews and chat name an anonymised account. */
export const DELETED_PLAYER_NAME = "Deleted player";

/** D87: avatars are stored as WebP of this many pixels square (cover crop). */
export const AVATAR_SIZE = 256;
/** D87: the largest avatar upload accepted (before it is re-encoded). */
export const AVATAR_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** D87: an email verification link stays valid this long. */
export const EMAIL_TOKEN_TTL_HOURS = 24;

/** The message of a wrong current password (POST /api/me/password, DELETE /api/me). */
export const WRONG_PASSWORD_MESSAGE = "Your current password is not correct";
