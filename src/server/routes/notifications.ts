import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../contract/common";
import {
  markReadSchema,
  notificationListQuerySchema,
  notificationListSchema,
  unreadSchema,
} from "../../contract/notifications";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import { listNotifications, markNotificationsRead } from "../services/notifications";

/** D85: a player's notifications (live delivery: player-hub.ts on the chat's WebSocket). */
export const notificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, playerHub, rateLimits }) => {
  // D100: every route here needs a session; 401 comes before any validation error (policy declared once, for this plugin's routes).
  // And each request counts against the player's limit.
  app.addHook("preValidation", async (request) => {
    const me = requireUser(request).id;
    await rateLimits.enforce("notifications", `notifications:${me}`);
  });

  app.get(
    "/api/notifications",
    {
      schema: {
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return listNotifications(db, requireUser(request).id, request.query);
    },
  );

  // D100: `ids` marks those read; without it, all of them.
  app.post(
    "/api/notifications/read",
    { schema: { body: markReadSchema, response: { 200: unreadSchema, ...errorResponses(400, 401, 429) } } },
    async (request) => ({
      unread: await markNotificationsRead({ db, playerHub }, requireUser(request).id, request.body.ids),
    }),
  );
};
