import { z } from "zod";
import {
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  ROOM_ERROR_CODES,
  ROOM_MAX_PLAYERS,
  ROOM_METADATA_MAX_BYTES,
  ROOM_MIN_PLAYERS,
  ROOM_STATE_KEY_MAX_LENGTH,
  ROOM_VISIBILITIES,
} from "./rooms-constants";

export * from "./rooms-constants";

/**
 * D120: rooms in SDK v2. What a player asks (one request a message, told apart by `type`) and what the server sends
 * (events, told apart by `type`, each naming its room). Nothing here names who is asking: the server knows that from
 * the session of the connection the request came on.
 */

/** Any JSON value (what a game relays and keeps as shared state). */
export const roomJsonSchema = z.json();
export type RoomJson = z.infer<typeof roomJsonSchema>;

/** The size of a value as the JSON the server relays, in bytes (0 for what JSON cannot hold). */
export function jsonByteLength(value: unknown): number {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? 0 : new TextEncoder().encode(text).length;
}

const metadataSchema = z
  .record(z.string().max(64), roomJsonSchema)
  .refine((value) => jsonByteLength(value) <= ROOM_METADATA_MAX_BYTES, {
    message: `A room's metadata must be at most ${ROOM_METADATA_MAX_BYTES} bytes as JSON`,
  });

const codeCharacters = new RegExp(`^[${ROOM_CODE_ALPHABET}]{${ROOM_CODE_LENGTH}}$`);
/** A room's code as a player types it: spaces around and lower case are forgiven. */
export const roomCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(codeCharacters, { message: `A room code is ${ROOM_CODE_LENGTH} letters and digits` });

export const roomIdSchema = z.string().min(1).max(64);
export const roomPlayerIdSchema = z.string().min(1).max(80);

export const roomCreateRequestSchema = z
  .object({
    type: z.literal("create"),
    maxPlayers: z.number().int().min(ROOM_MIN_PLAYERS).max(ROOM_MAX_PLAYERS),
    visibility: z.enum(ROOM_VISIBILITIES),
    turnBased: z.boolean().default(false),
    metadata: metadataSchema.default({}),
  })
  .strict();

export const roomJoinRequestSchema = z.object({ type: z.literal("join"), code: roomCodeSchema }).strict();

/** A quick join's filter: the room's metadata must hold each of these values under the same key. */
export const roomFilterSchema = z.record(
  z.string().max(64),
  z.union([z.string().max(200), z.number(), z.boolean(), z.null()]),
);
export const roomQuickJoinRequestSchema = z
  .object({ type: z.literal("quickJoin"), filter: roomFilterSchema.optional() })
  .strict();

export const roomListRequestSchema = z.object({ type: z.literal("list") }).strict();

export const roomSendRequestSchema = z
  .object({ type: z.literal("send"), roomId: roomIdSchema, data: roomJsonSchema, to: roomPlayerIdSchema.optional() })
  .strict();

/** `value: null` removes the key. */
export const roomSetStateRequestSchema = z
  .object({
    type: z.literal("setState"),
    roomId: roomIdSchema,
    key: z.string().min(1).max(ROOM_STATE_KEY_MAX_LENGTH),
    value: roomJsonSchema,
  })
  .strict();

export const roomLeaveRequestSchema = z.object({ type: z.literal("leave"), roomId: roomIdSchema }).strict();
export const roomKickRequestSchema = z
  .object({ type: z.literal("kick"), roomId: roomIdSchema, playerId: roomPlayerIdSchema })
  .strict();
export const roomSetJoinableRequestSchema = z
  .object({ type: z.literal("setJoinable"), roomId: roomIdSchema, joinable: z.boolean() })
  .strict();

export const roomRequestSchema = z.discriminatedUnion("type", [
  roomCreateRequestSchema,
  roomJoinRequestSchema,
  roomQuickJoinRequestSchema,
  roomListRequestSchema,
  roomSendRequestSchema,
  roomSetStateRequestSchema,
  roomLeaveRequestSchema,
  roomKickRequestSchema,
  roomSetJoinableRequestSchema,
]);
export type RoomRequest = z.infer<typeof roomRequestSchema>;
export type RoomCreateRequest = z.infer<typeof roomCreateRequestSchema>;
export type RoomFilter = z.infer<typeof roomFilterSchema>;

/** A player as the others in a room see them (D124: nothing beyond id, name and avatar). */
export const roomPlayerSchema = z.object({
  id: roomPlayerIdSchema,
  name: z.string(),
  avatarUrl: z.string().nullable(),
  connected: z.boolean(),
  host: z.boolean(),
});
export type RoomPlayer = z.infer<typeof roomPlayerSchema>;

/** A room as one player sees it on joining; `me` is that player's id. */
export const roomSnapshotSchema = z.object({
  id: roomIdSchema,
  code: z.string(),
  gameId: z.number().int(),
  visibility: z.enum(ROOM_VISIBILITIES),
  maxPlayers: z.number().int(),
  turnBased: z.boolean(),
  joinable: z.boolean(),
  metadata: z.record(z.string(), roomJsonSchema),
  players: z.array(roomPlayerSchema),
  me: roomPlayerIdSchema,
  state: z.record(z.string(), roomJsonSchema),
  /** the last sequence number given out: events after this one carry higher numbers */
  seq: z.number().int(),
});
export type RoomSnapshot = z.infer<typeof roomSnapshotSchema>;

/** A public room in `list()`: no players' names, only how many. */
export const roomListingSchema = z.object({
  id: roomIdSchema,
  code: z.string(),
  players: z.number().int(),
  maxPlayers: z.number().int(),
  turnBased: z.boolean(),
  metadata: z.record(z.string(), roomJsonSchema),
});
export type RoomListing = z.infer<typeof roomListingSchema>;

export const ROOM_LEAVE_REASONS = ["left", "kicked", "timeout"] as const;
/**
 * Why a room ended for the player told: it emptied, it was kept too long, they were kicked, another tab took their
 * seat, its process is gone, or school mode was switched on and the room was not among friends (D124).
 */
export const ROOM_CLOSED_REASONS = ["empty", "expired", "kicked", "replaced", "home_gone", "school_mode"] as const;

const roomEventBase = { roomId: roomIdSchema };
/** D120's events. `seq` orders a room's messages and state changes (a message to one player takes a number too). */
export const roomEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("join"), ...roomEventBase, player: roomPlayerSchema }),
  z.object({
    type: z.literal("leave"),
    ...roomEventBase,
    playerId: roomPlayerIdSchema,
    reason: z.enum(ROOM_LEAVE_REASONS),
  }),
  z.object({ type: z.literal("drop"), ...roomEventBase, playerId: roomPlayerIdSchema }),
  z.object({ type: z.literal("reconnect"), ...roomEventBase, playerId: roomPlayerIdSchema }),
  z.object({
    type: z.literal("message"),
    ...roomEventBase,
    from: roomPlayerIdSchema,
    seq: z.number().int(),
    /** when the server relayed it, in ms since 1970 */
    at: z.number(),
    data: roomJsonSchema,
  }),
  z.object({
    type: z.literal("state"),
    ...roomEventBase,
    from: roomPlayerIdSchema,
    seq: z.number().int(),
    at: z.number(),
    key: z.string(),
    /** null: the key was removed */
    value: roomJsonSchema,
  }),
  z.object({ type: z.literal("host"), ...roomEventBase, playerId: roomPlayerIdSchema }),
  z.object({ type: z.literal("joinable"), ...roomEventBase, joinable: z.boolean() }),
  z.object({ type: z.literal("closed"), ...roomEventBase, reason: z.enum(ROOM_CLOSED_REASONS) }),
]);
export type RoomEvent = z.infer<typeof roomEventSchema>;

export const roomErrorSchema = z.object({ code: z.enum(ROOM_ERROR_CODES), message: z.string() });
export type RoomError = z.infer<typeof roomErrorSchema>;

/**
 * ADR 027: room traffic on the page's live socket (CHAT_LIVE_PATH). The page relays its game frame's room calls; the
 * server knows who is asking from the socket's session (a guest gets a server-made guest id and name).
 *
 * Page → server: `room` (a request; `id` is the page's own, echoed in the result; `frame` names the game frame, so that
 * one page can hold one seat a frame) and `room-frame-closed` (that frame's seats drop as a closed socket's do).
 * Server → page: `room-result` answers one `room` frame; `room-event` is an event for a frame's rooms.
 */
export const roomFrameIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "A frame id is 1 to 64 letters, digits, - or _" });
export const roomRequestIdSchema = z.union([z.string().min(1).max(64), z.number().int().safe()]);

export const roomSocketRequestSchema = z
  .object({
    type: z.literal("room"),
    id: roomRequestIdSchema,
    frame: roomFrameIdSchema,
    gameId: z.number().int().positive(),
    /** a RoomRequest, parsed by the server after the frame (so that a bad request is answered under its id) */
    request: z.unknown(),
  })
  .strict();
export type RoomSocketRequest = z.infer<typeof roomSocketRequestSchema>;

export const roomFrameClosedSchema = z
  .object({ type: z.literal("room-frame-closed"), frame: roomFrameIdSchema })
  .strict();

/** What the page may send on the live socket (anything else is ignored, as before rooms). */
export const liveClientFrameSchema = z.discriminatedUnion("type", [roomSocketRequestSchema, roomFrameClosedSchema]);

/** The answer to one `room` frame; `id` is null only when the frame was too large or malformed to read it from. */
export const roomResultFrameSchema = z.union([
  z.object({
    type: z.literal("room-result"),
    id: roomRequestIdSchema.nullable(),
    ok: z.literal(true),
    value: z.unknown(),
  }),
  z.object({
    type: z.literal("room-result"),
    id: roomRequestIdSchema.nullable(),
    ok: z.literal(false),
    error: roomErrorSchema,
  }),
]);
export type RoomResultFrame = z.infer<typeof roomResultFrameSchema>;

export const roomEventFrameSchema = z.object({
  type: z.literal("room-event"),
  frame: roomFrameIdSchema,
  event: roomEventSchema,
});
export type RoomEventFrame = z.infer<typeof roomEventFrameSchema>;
