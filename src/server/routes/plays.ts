import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, idParamSchema } from "../../contract/common";
import { gameFacingUserSchema, playStartedBodySchema, playStartedParamsSchema } from "../../contract/plays";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import { gameFacingUser } from "../services/game-identity";
import { recordFirstGameplay } from "../services/play-timing";

/**
 * The game page reports how long its game took to start playing (services/play-timing.ts), and
 * asks who the player is to the game (services/game-identity.ts).
 */
export const playRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  app.post(
    "/api/games/:id/plays/:playId/started",
    {
      schema: {
        params: playStartedParamsSchema,
        body: playStartedBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
      await rateLimits.enforce("play", `play-started:${who}`);
      // Only the caller's own play is timed; answered the same whether or not it was: a play id says nothing to anyone else.
      const { id: gameId, playId } = request.params;
      await recordFirstGameplay(db, { gameId, playId, userId: request.user?.id ?? null, ms: request.body.ms });
      return reply.code(204).send(null);
    },
  );

  // D75: who the signed-in player is to this game; the page hands it to the game's init()
  app.get(
    "/api/games/:id/player",
    { schema: { params: idParamSchema, response: { 200: gameFacingUserSchema, ...errorResponses(401, 404) } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header("Cache-Control", "private, no-store");
      return { user: await gameFacingUser(db, user.id, request.params.id) };
    },
  );
};
