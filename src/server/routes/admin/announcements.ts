import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { announcementResultSchema, announcementSchema } from "../../../contract/notifications";
import type { AppContext } from "../../context";
import { announce } from "../../services/notifications";
import { adminErrorResponses } from "./validation";

/** D85: an announcement from the admins, delivered as a notification to every player (guarded by the admin hook, index.ts). */
export const adminAnnouncementRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, playerHub, rateLimits },
) => {
  app.post(
    "/api/admin/announcements",
    { schema: { body: announcementSchema, response: { 201: announcementResultSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      await rateLimits.enforce("announcement", `announcement:${request.user!.id}`);
      const sent = await announce({ db, playerHub }, { text: request.body.text, link: request.body.link });
      request.log.info({ sent }, "announcement sent");
      return reply.code(201).send({ sent });
    },
  );
};
