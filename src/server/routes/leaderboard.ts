import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../contract/common";
import { leaderboardQuerySchema, leaderboardSchema } from "../../contract/leaderboard";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import { leaderboard } from "../services/leaderboard";

/** D84: a friends board is personal: never kept by this process's cache nor by any shared cache. */
export const FRIENDS_BOARD_CACHE_CONTROL = "private, no-store";

/**
 * D24: the players' leaderboard (all time or this week); the common boards are cached briefly.
 * D84/D101: `scope=friends` is the signed-in player's and their friends' board (401 without a session).
 */
export const leaderboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, leaderboardCache }) => {
  app.get(
    "/api/leaderboard",
    { schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema, ...errorResponses(400, 401) } } },
    async (request, reply) => {
      const { period, limit, search, scope } = request.query;
      if (scope === "friends") {
        const user = requireUser(request);
        reply.header("Cache-Control", FRIENDS_BOARD_CACHE_CONTROL);
        return leaderboard(db, { period, limit, search, friendsOf: user.id });
      }
      if (search) return leaderboard(db, { period, limit, search });
      return leaderboardCache.get(`${period}:${limit}`, () => leaderboard(db, { period, limit }));
    },
  );
};
