import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminCategoryCreateSchema,
  adminCategoryListSchema,
  adminCategoryPatchSchema,
} from "../../../contract/admin/categories";
import { categorySchema } from "../../../contract/categories";
import { idParamSchema } from "../../../contract/common";
import type { AppContext } from "../../context";
import { createCategory, deleteCategory, listCategoriesForAdmin, updateCategory } from "../../services/categories";
import { adminErrorResponses } from "./validation";

/** D46: categories with game counts; add, edit, and delete only when empty (409 otherwise). */
export const adminCategoryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    "/api/admin/categories",
    { schema: { response: { 200: adminCategoryListSchema, ...adminErrorResponses } } },
    async () => listCategoriesForAdmin(db),
  );

  app.post(
    "/api/admin/categories",
    { schema: { body: adminCategoryCreateSchema, response: { 201: categorySchema, ...adminErrorResponses } } },
    async (request, reply) => reply.code(201).send(await createCategory(db, request.body)),
  );

  app.patch(
    "/api/admin/categories/:id",
    {
      schema: {
        params: idParamSchema,
        body: adminCategoryPatchSchema.optional(),
        response: { 200: categorySchema, ...adminErrorResponses },
      },
    },
    async (request) => updateCategory(db, request.params.id, request.body ?? {}),
  );

  app.delete(
    "/api/admin/categories/:id",
    { schema: { params: idParamSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      await deleteCategory(db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
