import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, idParamSchema, slugParamSchema } from "../../contract/common";
import {
  GAME_PAGE_SIZE,
  featuredGamesQuerySchema,
  gamePageQuerySchema,
  gameListQuerySchema,
  gameDetailSchema,
  gameListSchema,
  playResponseSchema,
} from "../../contract/games";
import type { AppContext } from "../context";
import { NotFound } from "../errors";
import { PUBLIC_READ_CONFIG, replyFromCache } from "../plugins/read-cache-http";
import { getCategoryBySlug } from "../services/categories";
import { featuredGames, getGameDetail, listGames, pseudoCategoryFilter } from "../services/game-catalogue";
import { recordPlay } from "../services/plays";

/** ADR 008: the first pages of each list and of each search are cached; deeper pages are read each time. */
const CACHED_PAGES = 4;
const isFirstPages = (limit: number, offset: number | undefined) => (offset ?? 0) < CACHED_PAGES * limit;

export const gameRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, rateLimits, reads }) => {
  const errors = errorResponses(400, 404);

  app.get(
    "/api/games",
    {
      schema: { querystring: gameListQuerySchema, response: { 200: gameListSchema, ...errorResponses(400) } },
      config: PUBLIC_READ_CONFIG,
    },
    async (request, reply) => {
      const q = request.query;
      const load = async () => {
        const { games, total, capped } = await listGames(db, config.gamesUrl, q);
        // A search's total past SEARCH_RESULTS_CAP is the cap, not the count (ADR 026).
        const headers: Record<string, string> = { "X-Total-Count": String(total) };
        if (capped) headers["X-Total-Count-Capped"] = "true";
        return { value: games, headers };
      };
      const limit = q.limit ?? GAME_PAGE_SIZE.default;
      if (!isFirstPages(limit, q.offset)) {
        const { value, headers } = await load();
        return reply.headers(headers).send(value);
      }
      const page = `${q.sort ?? ""}:${q.category ?? ""}:${limit}:${q.offset ?? 0}`;
      // Searches are kept apart (their keys are typed by visitors: a flood of them must not push the lists out).
      if (q.search) return replyFromCache(request, reply, reads, `search:${page}:${q.search}`, load, "searches");
      return replyFromCache(request, reply, reads, `games:${page}`, load);
    },
  );

  app.get(
    "/api/games/featured",
    {
      schema: { querystring: featuredGamesQuerySchema, response: { 200: gameListSchema, ...errorResponses(400) } },
      config: PUBLIC_READ_CONFIG,
    },
    async (request, reply) => {
      const limit = request.query.limit ?? GAME_PAGE_SIZE.default;
      const offset = request.query.offset ?? 0;
      const load = async () => {
        const { games, total } = await featuredGames(db, config.gamesUrl, { limit, offset });
        return { value: games, headers: { "X-Total-Count": String(total) } };
      };
      if (!isFirstPages(limit, offset)) {
        const { value, headers } = await load();
        return reply.headers(headers).send(value);
      }
      return replyFromCache(request, reply, reads, `featured:${limit}:${offset}`, load);
    },
  );

  app.get(
    "/api/games/category/:slug",
    {
      schema: {
        params: slugParamSchema,
        querystring: gamePageQuerySchema,
        response: { 200: gameListSchema, ...errors },
      },
      config: PUBLIC_READ_CONFIG,
    },
    async (request, reply) => {
      const { slug } = request.params;
      // A page (GAME_PAGE_SIZE), newest first, the whole count in X-Total-Count.
      const limit = request.query.limit ?? GAME_PAGE_SIZE.default;
      const offset = request.query.offset ?? 0;
      const load = async () => {
        if (!pseudoCategoryFilter(slug) && !(await getCategoryBySlug(db, slug))) {
          throw new NotFound("Category not found");
        }
        const { games, total } = await listGames(db, config.gamesUrl, {
          category: slug,
          sort: "newest",
          limit,
          offset,
        });
        return { value: games, headers: { "X-Total-Count": String(total) } };
      };
      if (!isFirstPages(limit, offset)) {
        const { value, headers } = await load();
        return reply.headers(headers).send(value);
      }
      return replyFromCache(request, reply, reads, `category-games:${slug}:${limit}:${offset}`, load);
    },
  );

  app.get(
    "/api/games/:id",
    // D83: with its Total Players (distinct signed-in players), rebuilt after plays like the play counts.
    { schema: { params: idParamSchema, response: { 200: gameDetailSchema, ...errors } }, config: PUBLIC_READ_CONFIG },
    async (request, reply) =>
      replyFromCache(request, reply, reads, `game:${request.params.id}`, async () => {
        const game = await getGameDetail(db, config.gamesUrl, request.params.id);
        if (!game) throw new NotFound("Game not found");
        return { value: game };
      }),
  );

  // D21. No body is expected; an empty JSON body is accepted too. Plays are limited per
  // player (or per address when signed out), so a script cannot inflate a game's play count.
  app.post(
    "/api/games/:id/play",
    {
      schema: {
        params: idParamSchema,
        body: z.unknown().optional(),
        response: { 200: playResponseSchema, ...errorResponses(400, 404, 429) },
      },
      config: { changesCatalogue: "frequent" },
    },
    async (request) => {
      const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
      await rateLimits.enforce("play", `play:${who}`);
      const result = await recordPlay(db, request.params.id, request.user?.id ?? null);
      if (!result) throw new NotFound("Game not found");
      return result;
    },
  );
};
