import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../contract/common";
import { leaderboardQuerySchema, leaderboardSchema } from "../../contract/leaderboard";
import type { AppContext } from "../context";
import { leaderboard } from "../services/leaderboard";

/** D24: the players' leaderboard (all time or this week); the common boards are cached briefly. */
export const leaderboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, leaderboardCache }) => {
  app.get(
    "/api/leaderboard",
    { schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema, ...errorResponses(400) } } },
    async (request) => {
      const { period, limit, search } = request.query;
      if (search) return leaderboard(db, request.query);
      return leaderboardCache.get(`${period}:${limit}`, () => leaderboard(db, { period, limit }));
    },
  );
};
