import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, idParamSchema, slugParamSchema } from "../../contract/common";
import { featuredGamesQuerySchema, gameListQuerySchema, gameListSchema, gameSchema, playResponseSchema } from "../../contract/games";
import type { AppContext } from "../context";
import { NotFound } from "../errors";
import { featuredGames, getGame, listGames, pseudoCategoryFilter, recordPlay } from "../services/games";
import { getCategoryBySlug } from "../services/categories";

export const gameRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, rateLimits }) => {
  const errors = errorResponses(400, 404);

  app.get("/api/games", { schema: { querystring: gameListQuerySchema, response: { 200: gameListSchema, ...errorResponses(400) } } }, async (request, reply) => {
    const { games, total } = await listGames(db, config.gamesUrl, request.query);
    reply.header("X-Total-Count", String(total));
    return games;
  });

  app.get(
    "/api/games/featured",
    { schema: { querystring: featuredGamesQuerySchema, response: { 200: gameListSchema, ...errorResponses(400) } } },
    async (request, reply) => {
      const { games, total } = await featuredGames(db, config.gamesUrl, request.query);
      reply.header("X-Total-Count", String(total));
      return games;
    },
  );

  app.get("/api/games/category/:slug", { schema: { params: slugParamSchema, response: { 200: gameListSchema, ...errors } } }, async (request) => {
    const { slug } = request.params;
    if (!pseudoCategoryFilter(slug) && !(await getCategoryBySlug(db, slug))) {
      throw new NotFound("Category not found");
    }
    const { games } = await listGames(db, config.gamesUrl, { category: slug, sort: "newest" }, { everything: true });
    return games;
  });

  app.get("/api/games/:id", { schema: { params: idParamSchema, response: { 200: gameSchema, ...errors } } }, async (request) => {
    const game = await getGame(db, config.gamesUrl, request.params.id);
    if (!game) throw new NotFound("Game not found");
    return game;
  });

  // D21. No body is expected; an empty JSON body is accepted too. Issue 8: plays are limited per
  // player (or per address when signed out), so a script cannot inflate a game's play count.
  app.post(
    "/api/games/:id/play",
    { schema: { params: idParamSchema, body: z.unknown().optional(), response: { 200: playResponseSchema, ...errorResponses(400, 404, 429) } } },
    async (request) => {
      const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
      await rateLimits.enforce("play", `play:${who}`);
      const result = await recordPlay(db, request.params.id, request.user?.id ?? null);
      if (!result) throw new NotFound("Game not found");
      return result;
    },
  );
};
