import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, idParamSchema } from "../../contract/common";
import { scoreListQuerySchema, scoreListSchema, submitScoreResponseSchema, submitScoreSchema } from "../../contract/scores";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import { listBestScores } from "../services/leaderboard";
import { submitScore } from "../services/scores";

/** Scores (D21, D23): submitting one, and a game's board of best scores. */
export const scoreRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, leaderboardCache, rateLimits }) => {
  app.post(
    "/api/scores",
    { schema: { body: submitScoreSchema, response: { 201: submitScoreResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) } } },
    async (request, reply) => {
      const user = requireUser(request);
      await rateLimits.enforce("score", `score:${user.id}`);
      const result = await submitScore(db, user.id, request.body);
      leaderboardCache.clear();
      return reply.code(201).send({ score: result.score, personalBest: result.personalBest, rank: result.rank });
    },
  );

  // D23: each player's best score, highest first, ties: earlier first.
  app.get(
    "/api/scores/game/:id",
    { schema: { params: idParamSchema, querystring: scoreListQuerySchema, response: { 200: scoreListSchema, ...errorResponses(400, 404) } } },
    async (request) => listBestScores(db, request.params.id, request.query.limit),
  );
};
