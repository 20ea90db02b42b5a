import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, idParamSchema } from "../../contract/common";
import { userProfileSchema, userStatsSchema } from "../../contract/users";
import type { AppContext } from "../context";
import { getUserProfile, getUserStats } from "../services/users";

/** Public profiles (D25): the player, their rank and totals, and their statistics. */
export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get("/api/users/:id", { schema: { params: idParamSchema, response: { 200: userProfileSchema, ...errorResponses(400, 404) } } }, async (request) =>
    getUserProfile(db, request.params.id),
  );

  app.get(
    "/api/users/:id/stats",
    { schema: { params: idParamSchema, response: { 200: userStatsSchema, ...errorResponses(400, 401, 403, 404, 409, 429) } } },
    async (request) => getUserStats(db, request.params.id),
  );
};
