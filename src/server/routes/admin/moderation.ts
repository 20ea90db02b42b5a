import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { muteResultSchema, userIdParamsSchema } from "../../../contract/reports";
import type { AppContext } from "../../context";
import { requireStaff } from "../../plugins/auth";
import { mutePlayer, unmutePlayer } from "../../services/moderation";
import { adminErrorResponses } from "./validation";

/** D96: mutes on the ladder (10 min, 1 h, 24 h) and ending one, for admins and moderators. */
export const adminModerationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, settings }) => {
  app.post(
    "/api/admin/moderation/mutes/:userId",
    { schema: { params: userIdParamsSchema, response: { 200: muteResultSchema, ...adminErrorResponses } } },
    async (request) => {
      const staff = requireStaff(request);
      const muted = await mutePlayer(db, staff.id, request.params.userId, settings.now());
      request.auditRecord = {
        action: "user.mute",
        target: { kind: "user", id: muted.userId },
        before: { mutedUntil: muted.before.mutedUntil, muteCount: muted.before.muteCount },
        after: { mutedUntil: muted.mutedUntil, muteCount: muted.step },
      };
      return { userId: muted.userId, mutedUntil: muted.mutedUntil.toISOString(), step: muted.step };
    },
  );

  app.delete(
    "/api/admin/moderation/mutes/:userId",
    { schema: { params: userIdParamsSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      requireStaff(request);
      const { before } = await unmutePlayer(db, request.params.userId, settings.now());
      request.auditRecord = {
        action: "user.unmute",
        target: { kind: "user", id: request.params.userId },
        before: { mutedUntil: before },
        after: { muted: false },
      };
      return reply.code(204).send(null);
    },
  );
};
