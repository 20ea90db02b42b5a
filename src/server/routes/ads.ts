import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adAnswerSchema, adEventBodySchema, adRequestBodySchema } from "../../contract/ads";
import { errorResponses, idParamSchema } from "../../contract/common";
import type { AppContext } from "../context";
import { countAdEvent, findAdSession, requestAd } from "../services/ads";

/**
 * D151–D153: the game page asks whether to show an ad now (and which), and reports what the player did with one.
 * The page, not the game frame, calls these: the frame's ad calls reach the server only through the page.
 */
export const adRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  app.post(
    "/api/games/:id/ads",
    {
      schema: {
        params: idParamSchema,
        body: adRequestBodySchema,
        response: { 200: adAnswerSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
      await rateLimits.enforce("ads", `ads:${who}`);
      reply.header("Cache-Control", "private, no-store");
      return requestAd(db, {
        gameId: request.params.id,
        playId: request.body.playId,
        userId: request.user?.id ?? null,
        placement: request.body.placement,
        advertisingConsent: request.body.advertisingConsent,
        now: new Date(),
      });
    },
  );

  app.post(
    "/api/games/:id/ads/events",
    {
      schema: {
        params: idParamSchema,
        body: adEventBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
      await rateLimits.enforce("ads", `ads:${who}`);
      const gameId = request.params.id;
      await findAdSession(db, gameId, request.body.playId, request.user?.id ?? null);
      await countAdEvent(db, { gameId, placement: request.body.placement, event: request.body.event, now: new Date() });
      return reply.code(204).send(null);
    },
  );
};
