import { z } from "zod";
import { idParamSchema } from "./common";
import { publicPlayerSchema } from "./notifications";
import { roomCodeSchema } from "./rooms";
import { ROOM_INVITE_MAX_FRIENDS } from "./rooms-constants";

/** D84: friends, requests, blocks and presence. */

export const presenceSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("offline") }),
  z.object({ status: z.literal("online") }),
  z.object({ status: z.literal("playing"), game: z.object({ id: z.number().int(), title: z.string() }) }),
]);

/** D122: a joinable room a friend sits in that the viewer may join (its link is `/game/{game.id}?room={code}`). */
export const friendRoomSchema = z.object({
  code: z.string(),
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

/** POST /api/room-invites: invite friends to the room the sender sits in (the game comes from the room). */
export const roomInviteSchema = z
  .object({
    code: roomCodeSchema,
    friendIds: z.array(z.number().int().positive().max(2147483647)).min(1).max(ROOM_INVITE_MAX_FRIENDS),
  })
  .strict();
export type RoomInviteInput = z.infer<typeof roomInviteSchema>;

export const roomInviteResultSchema = z.object({ sent: z.number().int() });
