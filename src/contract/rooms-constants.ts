/** The values of ./rooms.ts without zod, for pages that must not load it (README.md). */

/** D120: a room seats 2 to 16 players. */
export const ROOM_MIN_PLAYERS = 2;
export const ROOM_MAX_PLAYERS = 16;

export const ROOM_VISIBILITIES = ["private", "friends", "public"] as const;
export type RoomVisibility = (typeof ROOM_VISIBILITIES)[number];

/** D120: a room's code, 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const ROOM_CODE_LENGTH = 6;
export const ROOM_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** D124: one relayed message's data, as JSON, in bytes. */
export const ROOM_MESSAGE_MAX_BYTES = 16 * 1024;
/**
 * D124: the largest room frame the live socket reads (checked before parsing): a 16 KB message and 1 KB for the
 * frame around it (its type, ids and the request's other fields).
 */
export const ROOM_FRAME_MAX_BYTES = ROOM_MESSAGE_MAX_BYTES + 1024;
/** D124: messages a second per socket (a token bucket of this size, refilled at this rate). */
export const ROOM_MESSAGES_PER_SECOND = 30;
/** D124: rooms one player may hold a seat in at once. */
export const ROOM_OPEN_ROOMS_PER_PLAYER = 5;
/** D120: a room's shared state, all keys and values as one JSON object, in bytes. */
export const ROOM_STATE_MAX_BYTES = 64 * 1024;
/** A room's metadata (what a list and a quick join's filter see), as JSON, in bytes. */
export const ROOM_METADATA_MAX_BYTES = 1024;
/** The longest key of shared state. */
export const ROOM_STATE_KEY_MAX_LENGTH = 100;
/** How many rooms `list()` answers at most. */
export const ROOM_LIST_LIMIT = 50;

/** D121: how long a dropped player's seat in a real-time room waits for them. */
export const ROOM_SEAT_GRACE_MS = 30_000;
/** D121: how long a turn-based room with nobody connected is kept after its last activity. */
export const ROOM_TURN_BASED_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** Why a request about rooms was refused; each comes with a sentence a player can read. */
export const ROOM_ERROR_CODES = [
  "invalid",
  "game_unavailable",
  "not_found",
  "full",
  "not_joinable",
  "kicked",
  "not_in_room",
  "not_host",
  "player_not_found",
  "not_connected",
  "friends_only",
  "guests_not_allowed",
  "school_mode",
  "too_many_rooms",
  "message_too_large",
  "state_too_large",
  "rate_limited",
  "busy",
  "unavailable",
] as const;
export type RoomErrorCode = (typeof ROOM_ERROR_CODES)[number];

/** D122: friends one "Invite friends" may notify at once. */
export const ROOM_INVITE_MAX_FRIENDS = 20;

/**
 * D122: the bounds of an invite link's parameters (a game made for another portal, or its own room on the friends
 * list); sdk/compat/common.js keeps the same numbers, so a link an adapter makes survives the page's check.
 */
export const INVITE_PARAMS_MAX = 8;
export const INVITE_KEY_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
export const INVITE_VALUE_PATTERN = /^[A-Za-z0-9_.~-]{1,64}$/;
