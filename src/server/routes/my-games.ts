import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, idParamSchema } from "../../contract/common";
import { favoriteIdsSchema, gameplayBodySchema, myGamesSchema } from "../../contract/my-games";
import { playStartedParamsSchema } from "../../contract/plays";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import { addFavorite, favoriteIds, myGames, recordGameplay, removeFavorite } from "../services/my-games";

/** My Games (D86): favourites, recently played, playtime. Every route needs a session (401). */
export const myGamesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, rateLimits }) => {
  const noBody = z.unknown().optional();
  // D100: 401 comes before any validation error (policy declared once, for this plugin's routes).
  app.addHook("preValidation", async (request) => {
    requireUser(request);
  });

  // D100: idempotent; an unknown game is 404, more than MAX_FAVORITES is 409.
  app.put(
    "/api/favorites/:id",
    {
      schema: {
        params: idParamSchema,
        body: noBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await rateLimits.enforce("favorite", `favorite:${user.id}`);
      await addFavorite(db, user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // D100: idempotent (204 whether or not it was a favourite, or the game exists).
  app.delete(
    "/api/favorites/:id",
    { schema: { params: idParamSchema, body: noBody, response: { 204: z.null(), ...errorResponses(400, 401, 429) } } },
    async (request, reply) => {
      const user = requireUser(request);
      await rateLimits.enforce("favorite", `favorite:${user.id}`);
      await removeFavorite(db, user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // D86: which hearts are filled (the client asks it after hydration; public pages stay the same for everyone).
  app.get(
    "/api/favorites/ids",
    { schema: { response: { 200: favoriteIdsSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header("Cache-Control", "private, no-store");
      return { ids: await favoriteIds(db, user.id) };
    },
  );

  // D100
  app.get(
    "/api/me/games",
    { schema: { response: { 200: myGamesSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header("Cache-Control", "private, no-store");
      return myGames(db, config.gamesUrl, user.id);
    },
  );

  // D86: the game page reports the play's gameplay start/stop; only the play's owner may, and the time is the server's.
  app.post(
    "/api/games/:id/plays/:playId/gameplay",
    {
      schema: {
        params: playStartedParamsSchema,
        body: gameplayBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await rateLimits.enforce("gameplay", `gameplay:${user.id}`);
      await recordGameplay(db, {
        userId: user.id,
        gameId: request.params.id,
        playId: request.params.playId,
        state: request.body.state,
      });
      return reply.code(204).send(null);
    },
  );
};
