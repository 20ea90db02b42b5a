import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../contract/common";
import { leaderboardQuerySchema, leaderboardSchema, seasonListSchema } from "../../contract/leaderboard";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import { leaderboard } from "../services/leaderboard";
import { listSeasons, resolveSeason } from "../services/seasons";

/** D84: a friends board (or one around the player) is personal: never kept by this process's cache nor by any shared cache. */
export const FRIENDS_BOARD_CACHE_CONTROL = "private, no-store";

/**
 * D24: the players' leaderboard (all time, or a season: "week" is the open one); the common boards are cached
 * briefly. `scope=friends` is the signed-in player's and their friends' board; `around=me` is the
 * signed-in player's row and its neighbours (both 401 without a session, never cached). Searches are
 * rate-limited per address.
 */
export const leaderboardRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, leaderboardCache, rateLimits },
) => {
  app.get(
    "/api/leaderboard",
    {
      schema: {
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { period, limit, search, scope, season, around } = request.query;
      // A search is never cached; searches are counted per address (429 + Retry-After over the limit).
      if (search) await rateLimits.enforce("leaderboardSearch", `leaderboard-search:ip:${request.ip}`);
      const seasonId = season !== undefined || period === "week" ? (await resolveSeason(db, season)).id : null;
      if (scope === "friends" || around === "me") {
        const user = requireUser(request);
        reply.header("Cache-Control", FRIENDS_BOARD_CACHE_CONTROL);
        const friendsOf = scope === "friends" ? user.id : undefined;
        return leaderboard(db, {
          seasonId,
          limit,
          search,
          friendsOf,
          aroundUser: around === "me" ? user.id : undefined,
        });
      }
      if (search) return leaderboard(db, { seasonId, limit, search });
      return leaderboardCache.get(`${seasonId ?? "all"}:${limit}`, () => leaderboard(db, { seasonId, limit }));
    },
  );

  // D91: every season, newest first; `current` is the open one.
  app.get("/api/seasons", { schema: { response: { 200: seasonListSchema } } }, async () => listSeasons(db));
};
