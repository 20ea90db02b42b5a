import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../contract/common";
import {
  friendListsSchema,
  friendRequestResultSchema,
  ownRoomReportSchema,
  presenceReportSchema,
  relationshipSchema,
  roomInviteResultSchema,
  roomInviteSchema,
  userIdParamSchema,
} from "../../contract/friends";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import {
  blockPlayer,
  listFriends,
  relationship,
  removeFriend,
  requestFriend,
  unblockPlayer,
} from "../services/friends";
import { assertGameShown, gameVisibility } from "../services/game-catalogue";
import { inviteToRoom, joinableRoomsOfFriends } from "../services/room-invites";

const errors = errorResponses(400, 401, 403, 404, 429);

/** D84: friends, requests, blocks and presence. Every route needs a session (declared once, below). */
export const friendRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, playerHub, presence, rateLimits }) => {
  const deps = { db, playerHub };
  app.addHook("preValidation", async (request) => {
    requireUser(request);
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "private, no-store");
  });

  app.get("/api/friends", { schema: { response: { 200: friendListsSchema, ...errors } } }, async (request) => {
    const me = requireUser(request).id;
    const lists = await listFriends(db, me);
    const presences = await presence.presenceFor(
      me,
      lists.friends.map((f) => f.id),
    );
    // D122: a room is shown only for a friend who shares their presence, as "Playing {game}" with Join
    const sharing = lists.friends.filter((f) => presences.get(f.id)?.status !== undefined).map((f) => f.id);
    const rooms = await joinableRoomsOfFriends(db, me, sharing);
    const ownRooms = await presence.ownRoomsFor(me, sharing);
    return {
      ...lists,
      friends: lists.friends.map((f) => {
        const room = rooms.get(f.id) ?? ownRooms.get(f.id) ?? null;
        const seen = presences.get(f.id) ?? { status: "offline" as const };
        return { ...f, presence: room ? { status: "playing" as const, game: room.game } : seen, room };
      }),
    };
  });

  app.get(
    "/api/friends/:userId",
    { schema: { params: userIdParamSchema, response: { 200: relationshipSchema, ...errors } } },
    async (request) => {
      const me = requireUser(request).id;
      const other = request.params.userId;
      const rel = await relationship(db, me, other);
      const seen = rel.friends ? (await presence.presenceFor(me, [other])).get(other) : undefined;
      return {
        friends: rel.friends,
        incoming: rel.incoming,
        outgoing: rel.outgoing,
        blocked: rel.blockedByMe,
        presence: rel.friends ? (seen ?? { status: "offline" as const }) : null,
      };
    },
  );

  // D100: sends a request (201), or accepts theirs / changes nothing (200).
  app.post(
    "/api/friends/:userId",
    {
      schema: {
        params: userIdParamSchema,
        response: { 200: friendRequestResultSchema, 201: friendRequestResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = requireUser(request).id;
      await rateLimits.enforce("friendRequest", `friend-request:${me}`);
      const { status, created } = await requestFriend(deps, me, request.params.userId);
      return reply.code(created && status === "requested" ? 201 : 200).send({ status });
    },
  );

  // D100: declines, cancels or removes (204).
  app.delete(
    "/api/friends/:userId",
    { schema: { params: userIdParamSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeFriend(deps, requireUser(request).id, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/blocks/:userId",
    { schema: { params: userIdParamSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const me = requireUser(request).id;
      await rateLimits.enforce("block", `block:${me}`);
      await blockPlayer(deps, me, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    "/api/blocks/:userId",
    { schema: { params: userIdParamSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const me = requireUser(request).id;
      await rateLimits.enforce("block", `block:${me}`);
      await unblockPlayer(deps, me, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  // D122: "Invite friends" from the game page; who invites comes from the session, the game from the room.
  app.post(
    "/api/room-invites",
    { schema: { body: roomInviteSchema, response: { 200: roomInviteResultSchema, ...errors } } },
    async (request) => {
      const me = requireUser(request).id;
      await rateLimits.enforce("roomInvite", `room-invite:${me}`);
      const sent = await inviteToRoom(deps, me, request.body.code, request.body.friendIds);
      return { sent };
    },
  );

  // D84: the game page tells which game is open ("Playing {game}" for friends), or none.
  app.post(
    "/api/presence",
    { schema: { body: presenceReportSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const me = requireUser(request).id;
      await rateLimits.enforce("presence", `presence:${me}`);
      const { gameId } = request.body;
      if (gameId !== null) await assertGameShown(db, gameId, await gameVisibility(db));
      await presence.setPlaying(me, gameId);
      return reply.code(204).send(null);
    },
  );

  // D122: the joinable room of the game's own servers the player is in (CrazyGames' updateRoom), for friends' Join;
  // the game must be the one the player's presence says is open.
  app.put(
    "/api/presence/room",
    { schema: { body: ownRoomReportSchema, response: { 204: z.null(), ...errorResponses(400, 401, 404, 409, 429) } } },
    async (request, reply) => {
      const me = requireUser(request).id;
      await rateLimits.enforce("ownRoom", `own-room:${me}`);
      await presence.setOwnRoom(me, request.body.gameId, request.body.room);
      return reply.code(204).send(null);
    },
  );
};
