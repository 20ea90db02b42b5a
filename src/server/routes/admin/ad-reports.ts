import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adReportQuerySchema, adReportSchema } from "../../../contract/admin/ad-reports";
import type { AppContext } from "../../context";
import { adReport } from "../../services/ad-reports";
import { adminErrorResponses } from "./validation";

/** D154: the ad reports (admins only, by the guard in index.ts). */
export const adminAdReportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    "/api/admin/ads/reports",
    { schema: { querystring: adReportQuerySchema, response: { 200: adReportSchema, ...adminErrorResponses } } },
    async (request) => adReport(db, { now: new Date(), days: request.query.days }),
  );
};
