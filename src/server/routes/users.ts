import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, idParamSchema } from "../../contract/common";
import { userProfileSchema, userStatsSchema } from "../../contract/users";
import type { AppContext } from "../context";
import { getUserProfile, getUserStats } from "../services/users";

/**
 * Public profiles (D25): the player, their rank and totals, and their statistics. What a viewer sees depends
 * on the owner's privacy and on who asks (the session's user), so these reads are never cached nor session-free.
 * So each read is limited per reader (the player, or signed out the address), before anything is read.
 */
export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  const limitReader = (request: { user?: { id: number } | null; ip: string }) =>
    rateLimits.enforce("profileRead", request.user ? `profile:user:${request.user.id}` : `profile:ip:${request.ip}`);
  app.get(
    "/api/users/:id",
    { schema: { params: idParamSchema, response: { 200: userProfileSchema, ...errorResponses(400, 404, 429) } } },
    async (request, reply) => {
      await limitReader(request);
      reply.header("Cache-Control", "private, no-store");
      return getUserProfile(db, request.params.id, request.user?.id ?? null);
    },
  );

  app.get(
    "/api/users/:id/stats",
    { schema: { params: idParamSchema, response: { 200: userStatsSchema, ...errorResponses(400, 403, 404, 429) } } },
    async (request, reply) => {
      await limitReader(request);
      reply.header("Cache-Control", "private, no-store");
      return getUserStats(db, request.params.id, request.user?.id ?? null);
    },
  );
};
