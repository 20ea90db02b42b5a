import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminCollectionCreateSchema, adminCollectionPatchSchema } from "../../../contract/admin/collections";
import { collectionListSchema, collectionSchema } from "../../../contract/collections";
import { idParamSchema } from "../../../contract/common";
import type { AppContext } from "../../context";
import {
  createCollection,
  deleteCollection,
  listCollectionsForAdmin,
  updateCollection,
} from "../../services/collections";
import { adminErrorResponses } from "./validation";

/**
 * D83: the collections in the CMS: list (with game counts), add, rename, describe, picture, order, delete (the
 * games stay). Their games are tagged in the game form (PATCH /api/admin/games/{id} `collectionIds`).
 * Writes here invalidate the cached public reads and pages (CATALOGUE_ADMIN_PREFIXES in ./index.ts).
 */
export const adminCollectionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    "/api/admin/collections",
    { schema: { response: { 200: collectionListSchema, ...adminErrorResponses } } },
    async () => listCollectionsForAdmin(db),
  );

  app.post(
    "/api/admin/collections",
    { schema: { body: adminCollectionCreateSchema, response: { 201: collectionSchema, ...adminErrorResponses } } },
    async (request, reply) => reply.code(201).send(await createCollection(db, request.body)),
  );

  app.patch(
    "/api/admin/collections/:id",
    {
      schema: {
        params: idParamSchema,
        body: adminCollectionPatchSchema.optional(),
        response: { 200: collectionSchema, ...adminErrorResponses },
      },
    },
    async (request) => updateCollection(db, request.params.id, request.body ?? {}),
  );

  app.delete(
    "/api/admin/collections/:id",
    { schema: { params: idParamSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      await deleteCollection(db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
