import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { categoryListSchema, categorySchema } from "../../contract/categories";
import { errorResponses, slugParamSchema } from "../../contract/common";
import type { AppContext } from "../context";
import { NotFound } from "../errors";
import { PUBLIC_READ_CONFIG, replyFromCache } from "../plugins/read-cache-http";
import { getCategoryBySlug, listCategories } from "../services/categories";

export const categoryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, reads }) => {
  // ADR 008: both are served from the cache of public reads.
  app.get(
    "/api/categories",
    { schema: { response: { 200: categoryListSchema } }, config: PUBLIC_READ_CONFIG },
    async (request, reply) =>
      replyFromCache(request, reply, reads, "categories", async () => ({ value: await listCategories(db) })),
  );

  app.get(
    "/api/categories/:slug",
    {
      schema: { params: slugParamSchema, response: { 200: categorySchema, ...errorResponses(400, 404) } },
      config: PUBLIC_READ_CONFIG,
    },
    async (request, reply) =>
      replyFromCache(request, reply, reads, `category:${request.params.slug}`, async () => {
        const category = await getCategoryBySlug(db, request.params.slug);
        if (!category) throw new NotFound("Category not found");
        return { value: category };
      }),
  );
};
