import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { collectionListSchema, collectionSchema } from "../../contract/collections";
import { errorResponses, slugParamSchema } from "../../contract/common";
import { GAME_PAGE_SIZE, gameListSchema, gamePageQuerySchema } from "../../contract/games";
import type { AppContext } from "../context";
import { NotFound } from "../errors";
import { PUBLIC_READ_CONFIG, replyFromCache } from "../plugins/read-cache-http";
import { getCollectionBySlug, listCollections } from "../services/collections";
import { listCollectionGames } from "../services/game-catalogue";

/** ADR 008: the first pages of a collection's games are cached; deeper pages are read each time. */
const CACHED_PAGES = 4;

/** D83: the collections (the home page's tiles) with their real game counts, one collection, and its games. */
export const collectionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, reads }) => {
  app.get(
    "/api/collections",
    { schema: { response: { 200: collectionListSchema } }, config: PUBLIC_READ_CONFIG },
    async (request, reply) =>
      replyFromCache(request, reply, reads, "collections", async () => ({ value: await listCollections(db) })),
  );

  app.get(
    "/api/collections/:slug",
    {
      schema: { params: slugParamSchema, response: { 200: collectionSchema, ...errorResponses(400, 404) } },
      config: PUBLIC_READ_CONFIG,
    },
    async (request, reply) =>
      replyFromCache(request, reply, reads, `collection:${request.params.slug}`, async () => {
        const collection = await getCollectionBySlug(db, request.params.slug);
        if (!collection) throw new NotFound("Collection not found");
        return { value: collection };
      }),
  );

  // A page (GAME_PAGE_SIZE), newest first, the whole count in X-Total-Count: as a category's games.
  app.get(
    "/api/collections/:slug/games",
    {
      schema: {
        params: slugParamSchema,
        querystring: gamePageQuerySchema,
        response: { 200: gameListSchema, ...errorResponses(400, 404) },
      },
      config: PUBLIC_READ_CONFIG,
    },
    async (request, reply) => {
      const { slug } = request.params;
      const limit = request.query.limit ?? GAME_PAGE_SIZE.default;
      const offset = request.query.offset ?? 0;
      const load = async () => {
        const page = await listCollectionGames(db, config.gamesUrl, slug, { limit, offset });
        if (!page) throw new NotFound("Collection not found");
        return { value: page.games, headers: { "X-Total-Count": String(page.total) } };
      };
      if (offset >= CACHED_PAGES * limit) {
        const { value, headers } = await load();
        return reply.headers(headers).send(value);
      }
      return replyFromCache(request, reply, reads, `collection-games:${slug}:${limit}:${offset}`, load);
    },
  );
};
