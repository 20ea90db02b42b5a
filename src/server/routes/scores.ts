import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, idParamSchema } from "../../contract/common";
import { SCORE_HELD_TEXTS } from "../../contract/games-constants";
import {
  heldScoreResponseSchema,
  scoreListQuerySchema,
  scoreListSchema,
  submitScoreResponseSchema,
  submitScoreSchema,
} from "../../contract/scores";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import { listBestScores } from "../services/leaderboard";
import { notifyRecordedScore, notifyStaffOfHeldScore } from "../services/notifications";
import { submitScore } from "../services/scores";
import { resolveSeason } from "../services/seasons";
import { FRIENDS_BOARD_CACHE_CONTROL } from "./leaderboard";

/** Scores (D21): submitting one, and a game's board of best scores. */
export const scoreRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, leaderboardCache, rateLimits, playerHub },
) => {
  app.post(
    "/api/scores",
    {
      schema: {
        body: submitScoreSchema,
        response: {
          201: submitScoreResponseSchema,
          202: heldScoreResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await rateLimits.enforce("score", `score:${user.id}`);
      const result = await submitScore(db, user.id, request.body);
      // D85: the score is stored (or held); telling anyone of it is secondary and never fails the request.
      const tell = (what: () => Promise<unknown>) =>
        what().catch((err: unknown) => request.log.warn({ err }, "score notifications failed"));
      if (!result.recorded) {
        await tell(() => notifyStaffOfHeldScore({ db, playerHub }, result.gameId));
        return reply.code(202).send({ score: result.score, held: true, message: SCORE_HELD_TEXTS.message });
      }
      leaderboardCache.clear();
      await tell(() => notifyRecordedScore({ db, playerHub }, user.id, result));
      return reply.code(201).send({ score: result.score, personalBest: result.personalBest, rank: result.rank });
    },
  );

  // D23: each player's best score, best first by the game's order, ties: earlier first; all time or a season's.
  // `scope=friends` is the signed-in player and their friends only; `around=me` the player's row and its
  // neighbours (both 401 without a session, never stored by a shared cache).
  app.get(
    "/api/scores/game/:id",
    {
      schema: {
        params: idParamSchema,
        querystring: scoreListQuerySchema,
        response: { 200: scoreListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { limit, scope, season, around } = request.query;
      const seasonId = season === undefined ? null : (await resolveSeason(db, season)).id;
      if (scope !== "friends" && around !== "me") return listBestScores(db, request.params.id, { limit, seasonId });
      const user = requireUser(request);
      reply.header("Cache-Control", FRIENDS_BOARD_CACHE_CONTROL);
      return listBestScores(db, request.params.id, {
        limit,
        seasonId,
        friendsOf: scope === "friends" ? user.id : undefined,
        aroundUser: around === "me" ? user.id : undefined,
      });
    },
  );
};
