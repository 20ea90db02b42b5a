import { z } from "zod";
import { idParamSchema } from "./common";
import { publicPlayerSchema } from "./notifications";
import { roomCodeSchema } from "./rooms";
import {
  INVITE_KEY_PATTERN,
  INVITE_PARAMS_MAX,
  INVITE_VALUE_PATTERN,
  ROOM_INVITE_MAX_FRIENDS,
} from "./rooms-constants";

/** D84: friends, requests, blocks and presence. */

export const presenceSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("offline") }),
  z.object({ status: z.literal("online") }),
  z.object({ status: z.literal("playing"), game: z.object({ id: z.number().int(), title: z.string() }) }),
]);

/** D122: an invite link's parameters: at most INVITE_PARAMS_MAX short keys and values of a plain charset. */
export const inviteParamsSchema = z
  .record(z.string().regex(INVITE_KEY_PATTERN), z.string().regex(INVITE_VALUE_PATTERN))
  .refine((params) => Object.keys(params).length <= INVITE_PARAMS_MAX, {
    message: `at most ${INVITE_PARAMS_MAX} invite parameters`,
  });

/**
 * D122: a joinable room a friend sits in that the viewer may join. An Arcadium room has a `code` (its link is
 * `/game/{game.id}?room={code}`); a room of the game's own servers (CrazyGames' updateRoom) has none and is joined
 * through its `inviteParams` (`/game/{game.id}?{inviteParams}`).
 */
export const friendRoomSchema = z.object({
  code: z.string().nullable(),
  inviteParams: inviteParamsSchema.nullable(),
  game: z.object({ id: z.number().int(), title: z.string() }),
});
export type FriendRoom = z.infer<typeof friendRoomSchema>;

export const friendSchema = publicPlayerSchema.extend({ presence: presenceSchema, room: friendRoomSchema.nullable() });

/** GET /api/friends (D100: `{friends, incoming, outgoing}`, plus the players I blocked so that I can unblock them). */
export const friendListsSchema = z.object({
  friends: z.array(friendSchema),
  incoming: z.array(publicPlayerSchema),
  outgoing: z.array(publicPlayerSchema),
  blocked: z.array(publicPlayerSchema),
});
export type FriendLists = z.infer<typeof friendListsSchema>;

/** GET /api/friends/{userId}: where I stand with a player (the profile's buttons); a block by them is not told. */
export const relationshipSchema = z.object({
  friends: z.boolean(),
  incoming: z.boolean(),
  outgoing: z.boolean(),
  blocked: z.boolean(),
  presence: presenceSchema.nullable(),
});
export type RelationshipView = z.infer<typeof relationshipSchema>;

export const friendRequestResultSchema = z.object({ status: z.enum(["requested", "friends"]) });

export const userIdParamSchema = z.object({ userId: idParamSchema.shape.id });

/** POST /api/presence: the game page says which game is open (null: none). */
export const presenceReportSchema = z.object({ gameId: idParamSchema.shape.id.nullable() }).strict();

/**
 * PUT /api/presence/room: the game page tells which joinable room of the game's own servers the player is in
 * (CrazyGames' updateRoom), or none. `gameId` must be the game the player's presence says is open.
 */
export const ownRoomReportSchema = z
  .object({
    gameId: idParamSchema.shape.id,
    room: z
      .object({ id: z.string().regex(INVITE_VALUE_PATTERN), inviteParams: inviteParamsSchema.nullable() })
      .strict()
      .nullable(),
  })
  .strict();
export type OwnRoomReport = z.infer<typeof ownRoomReportSchema>;

/** POST /api/room-invites: invite friends to the room the sender sits in (the game comes from the room). */
export const roomInviteSchema = z
  .object({
    code: roomCodeSchema,
    friendIds: z.array(z.number().int().positive().max(2147483647)).min(1).max(ROOM_INVITE_MAX_FRIENDS),
  })
  .strict();
export type RoomInviteInput = z.infer<typeof roomInviteSchema>;

export const roomInviteResultSchema = z.object({ sent: z.number().int() });
