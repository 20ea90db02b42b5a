import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dashboardResponseSchema } from "../../../contract/admin/dashboard";
import type { AppContext } from "../../context";
import { dashboardCounts } from "../../services/dashboard";
import { adminErrorResponses } from "./validation";

/** Spec §2 /cms/dashboard: the site's totals at a glance. */
export const adminDashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    "/api/admin/dashboard",
    { schema: { response: { 200: dashboardResponseSchema, ...adminErrorResponses } } },
    async () => dashboardCounts(db),
  );
};
