import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamSchema } from "../../../contract/common";
import {
  reportActionResultSchema,
  reportActionSchema,
  reportQueueQuerySchema,
  reportQueueSchema,
} from "../../../contract/reports";
import type { AppContext } from "../../context";
import { requireStaff } from "../../plugins/auth";
import { actOnReport, listReportQueue } from "../../services/reports";
import { adminErrorResponses } from "./validation";

/** D97: the reports queue and its actions, for admins and moderators (MODERATOR_ROUTES in index.ts). */
export const adminReportRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, playerHub, chatHub, settings },
) => {
  app.get(
    "/api/admin/reports",
    { schema: { querystring: reportQueueQuerySchema, response: { 200: reportQueueSchema, ...adminErrorResponses } } },
    async (request) => {
      requireStaff(request);
      return listReportQueue(db, request.query, settings.now());
    },
  );

  app.post(
    "/api/admin/reports/:id/action",
    {
      schema: {
        params: idParamSchema,
        body: reportActionSchema,
        response: { 200: reportActionResultSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const { action } = request.body;
      const outcome = await actOnReport({ db, playerHub, chatHub }, staff, request.params.id, action, settings.now());
      // D99: the action on the item, with what it changed
      request.auditRecord = {
        action: `report.${action}`,
        target: { kind: outcome.kind, id: outcome.targetId },
        before: outcome.before,
        after: { ...(outcome.after as object | null), author: outcome.authorId, reportsClosed: outcome.handled },
      };
      return { handled: outcome.handled, mutedUntil: outcome.mutedUntil?.toISOString() ?? null };
    },
  );
};
