import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserPatchSchema,
  adminUserRowSchema,
} from "../../../contract/admin/users";
import { idParamSchema } from "../../../contract/common";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../plugins/auth";
import { closeLiveSockets } from "../../services/moderation";
import { listUsersForAdmin, updateUserAsAdmin } from "../../services/users";
import { adminErrorResponses } from "./validation";

/** D47: the users list (search, role change, disable) with review, chat and score counts. */
export const adminUserRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, playerHub }) => {
  app.get(
    "/api/admin/users",
    {
      schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserListSchema, ...adminErrorResponses } },
    },
    async (request, reply) => {
      const { users, total } = await listUsersForAdmin(db, request.query);
      reply.header("X-Total-Count", String(total));
      return users;
    },
  );

  app.patch(
    "/api/admin/users/:id",
    {
      schema: {
        params: idParamSchema,
        body: adminUserPatchSchema.optional(),
        response: { 200: adminUserRowSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const me = requireAdmin(request);
      const change = request.body ?? {};
      const { user, changed, before } = await updateUserAsAdmin(db, me.id, request.params.id, change);
      if (changed) request.log.info({ userId: request.params.id, change }, "admin changed a user");
      if (changed && change.disabled === true) await closeLiveSockets(playerHub, user.id);
      // D99: the role and the ban, before and after
      request.auditRecord = {
        action: "user.update",
        target: { kind: "user", id: user.id },
        before,
        after: { role: user.role, disabled: user.disabled, hiddenFromBoards: user.hiddenFromBoards },
      };
      return user;
    },
  );
};
