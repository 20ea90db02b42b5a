import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../contract/common";
import { playStartedBodySchema, playStartedParamsSchema } from "../../contract/plays";
import type { AppContext } from "../context";
import { recordFirstGameplay } from "../services/play-timing";

/** Issue 14 item 7: the game page reports how long its game took to start playing (services/play-timing.ts). */
export const playRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  app.post(
    "/api/games/:id/plays/:playId/started",
    { schema: { params: playStartedParamsSchema, body: playStartedBodySchema, response: { 204: z.null(), ...errorResponses(400, 429) } } },
    async (request, reply) => {
      const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
      await rateLimits.enforce("play", `play-started:${who}`);
      // Only the caller's own play is timed; answered the same whether or not it was: a play id says nothing to anyone else.
      const { id: gameId, playId } = request.params;
      await recordFirstGameplay(db, { gameId, playId, userId: request.user?.id ?? null, ms: request.body.ms });
      return reply.code(204).send(null);
    },
  );
};
