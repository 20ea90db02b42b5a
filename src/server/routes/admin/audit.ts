import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditPageSchema, auditQuerySchema } from "../../../contract/audit";
import type { AppContext } from "../../context";
import { listAudit } from "../../services/audit";
import { adminErrorResponses } from "./validation";

/** D99: the audit log, read and filtered in the CMS (admins only: not in MODERATOR_ROUTES). */
export const adminAuditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    "/api/admin/audit",
    { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema, ...adminErrorResponses } } },
    async (request) => listAudit(db, request.query),
  );
};
