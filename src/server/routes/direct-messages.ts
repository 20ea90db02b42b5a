import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../contract/common";
import {
  conversationListSchema,
  directMessageSchema,
  messagesUnreadSchema,
  sendDirectMessageSchema,
  threadQuerySchema,
  threadSchema,
  withUserParamsSchema,
} from "../../contract/direct-messages";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import { listConversations, readThread, sendDirectMessage, unreadMessageCount } from "../services/direct-messages";

/** D88: direct messages between friends (live delivery: player-hub.ts on the chat's WebSocket). */
export const directMessageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, playerHub, rateLimits }) => {
  // D100: every route here needs a session; 401 comes before any validation error (policy declared once, for this plugin's routes).
  app.addHook("preValidation", async (request) => {
    requireUser(request);
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "private, no-store");
  });

  // D88: my conversations, newest first; a block (either way) leaves no trace.
  app.get(
    "/api/messages",
    { schema: { response: { 200: conversationListSchema, ...errorResponses(401) } } },
    async (request) => listConversations(db, requireUser(request).id),
  );

  // D88: the header's count of unread messages.
  app.get(
    "/api/messages/unread",
    { schema: { response: { 200: messagesUnreadSchema, ...errorResponses(401) } } },
    async (request) => ({
      unread: await unreadMessageCount(db, requireUser(request).id),
    }),
  );

  // D88: a page of the conversation; reading the newest page marks their messages read.
  app.get(
    "/api/messages/:userId",
    {
      schema: {
        params: withUserParamsSchema,
        querystring: threadQuerySchema,
        response: { 200: threadSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readThread({ db, playerHub }, requireUser(request).id, request.params.userId, request.query),
  );

  // D88: friends only, no block, the admin switch on, rate-limited; the sender is the session's user.
  app.post(
    "/api/messages/:userId",
    {
      schema: {
        params: withUserParamsSchema,
        body: sendDirectMessageSchema,
        response: { 201: directMessageSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const message = await sendDirectMessage(
        { db, playerHub, rateLimits },
        requireUser(request).id,
        request.params.userId,
        request.body.body,
      );
      return reply.code(201).send(message);
    },
  );
};
