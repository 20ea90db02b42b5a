import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  feedCreateSchema,
  feedDuplicateKeepApartSchema,
  feedDuplicateMergeSchema,
  feedDuplicatesPageSchema,
  feedDuplicatesQuerySchema,
  feedDetailSchema,
  feedIdParamsSchema,
  feedItemIdsSchema,
  feedItemsApprovedSchema,
  feedItemsPageSchema,
  feedItemsQuerySchema,
  feedItemsRejectedSchema,
  feedPatchSchema,
  feedSyncStartedSchema,
  feedViewSchema,
} from "../../../contract/admin/feeds";
import type { AppContext } from "../../context";
import { enqueueFeedSync } from "../../jobs/feeds";
import { keepApart, listDuplicates, mergeDuplicate } from "../../services/feed-duplicates";
import { approveItems, listFeedItems, rejectItems } from "../../services/feed-publishing";
import { createFeed, deleteFeed, getFeed, getFeedDetail, listFeeds, updateFeed } from "../../services/feeds";
import { adminErrorResponses } from "./validation";

/** D110, D111: the distributors' feeds and their inbox in the CMS (admins only: not in MODERATOR_ROUTES). */
export const adminFeedRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, settings }) => {
  app.get(
    "/api/admin/feeds",
    { schema: { response: { 200: z.object({ feeds: z.array(feedViewSchema) }), ...adminErrorResponses } } },
    async () => ({ feeds: await listFeeds(db) }),
  );

  app.post(
    "/api/admin/feeds",
    { schema: { body: feedCreateSchema, response: { 201: feedDetailSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const feed = await createFeed(db, request.body, settings.now());
      return reply.code(201).send(await getFeedDetail(db, feed.id));
    },
  );

  app.get(
    "/api/admin/feeds/:id",
    { schema: { params: feedIdParamsSchema, response: { 200: feedDetailSchema, ...adminErrorResponses } } },
    async (request) => getFeedDetail(db, request.params.id),
  );

  app.patch(
    "/api/admin/feeds/:id",
    {
      schema: {
        params: feedIdParamsSchema,
        body: feedPatchSchema,
        response: { 200: feedDetailSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      await updateFeed(db, request.params.id, request.body, settings.now());
      return getFeedDetail(db, request.params.id);
    },
  );

  app.delete(
    "/api/admin/feeds/:id",
    { schema: { params: feedIdParamsSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      const feed = await deleteFeed(db, request.params.id);
      request.auditRecord = {
        action: "feed.delete",
        target: { kind: "feed", id: feed.id },
        before: { name: feed.name, kind: feed.kind },
      };
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/admin/feeds/:id/sync",
    { schema: { params: feedIdParamsSchema, response: { 202: feedSyncStartedSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const feed = await getFeed(db, request.params.id);
      const job = (await enqueueFeedSync(db, feed.id, settings.now()))!;
      return reply.code(202).send({ jobId: job.id });
    },
  );

  app.get(
    "/api/admin/feed-items",
    { schema: { querystring: feedItemsQuerySchema, response: { 200: feedItemsPageSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const { items, total } = await listFeedItems(db, request.query);
      reply.header("X-Total-Count", String(total));
      return { items };
    },
  );

  app.post(
    "/api/admin/feed-items/approve",
    {
      config: { changesCatalogue: true },
      schema: { body: feedItemIdsSchema, response: { 200: feedItemsApprovedSchema, ...adminErrorResponses } },
    },
    async (request) => approveItems(db, request.body.ids, { publicUrl: config.publicUrl, now: settings.now() }),
  );

  app.post(
    "/api/admin/feed-items/reject",
    { schema: { body: feedItemIdsSchema, response: { 200: feedItemsRejectedSchema, ...adminErrorResponses } } },
    async (request) => ({ rejected: await rejectItems(db, request.body.ids) }),
  );

  app.get(
    "/api/admin/feed-duplicates",
    {
      schema: {
        querystring: feedDuplicatesQuerySchema,
        response: { 200: feedDuplicatesPageSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const { pairs, total } = await listDuplicates(db, request.query);
      reply.header("X-Total-Count", String(total));
      return { pairs };
    },
  );

  app.post(
    "/api/admin/feed-duplicates/merge",
    {
      config: { changesCatalogue: true },
      schema: { body: feedDuplicateMergeSchema, response: { 204: z.null(), ...adminErrorResponses } },
    },
    async (request, reply) => {
      await mergeDuplicate(db, request.body.keepId, request.body.otherId, {
        publicUrl: config.publicUrl,
        now: settings.now(),
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/admin/feed-duplicates/keep-apart",
    { schema: { body: feedDuplicateKeepApartSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      await keepApart(db, request.body.ids[0], request.body.ids[1], settings.now());
      return reply.code(204).send(null);
    },
  );
};
