import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, idParamSchema } from "../../../contract/common";
import type { AppContext } from "../../context";
import { requireStaff } from "../../plugins/auth";
import { deleteChatMessage } from "../../services/chat";

/** D37: chat moderation: admins and moderators (401 without a session, 403 for a player); a soft delete every page is told about. */
export const adminChatRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, chatHub }) => {
  app.delete(
    "/api/admin/chat/:id",
    {
      preValidation: async (request) => {
        requireStaff(request);
      },
      schema: { params: idParamSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      requireStaff(request);
      await deleteChatMessage(db, request.params.id);
      await chatHub.publish({ type: "deleted", id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
