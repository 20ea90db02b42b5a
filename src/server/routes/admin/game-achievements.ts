import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "../../../contract/common";
import {
  adminGameAchievementCreateSchema,
  adminGameAchievementListSchema,
  adminGameAchievementOrderSchema,
  adminGameAchievementPatchSchema,
  adminGameAchievementSchema,
  gameAchievementParamsSchema,
} from "../../../contract/game-achievements";
import type { AppContext } from "../../context";
import {
  adminCreateGameAchievement,
  adminDeleteGameAchievement,
  adminListGameAchievements,
  adminReorderGameAchievements,
  adminUpdateGameAchievement,
} from "../../services/game-achievements";
import { adminErrorResponses } from "./validation";

/** D78 in the CMS: a game's achievements, listed, added, edited, reordered and deleted (guarded by index.ts). */
export const adminGameAchievementRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const base = "/api/admin/games/:id/achievements";
  app.get(
    base,
    { schema: { params: idParamSchema, response: { 200: adminGameAchievementListSchema, ...adminErrorResponses } } },
    async (request) => adminListGameAchievements(db, request.params.id),
  );

  app.post(
    base,
    {
      schema: {
        params: idParamSchema,
        body: adminGameAchievementCreateSchema,
        response: { 201: adminGameAchievementSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await adminCreateGameAchievement(db, request.params.id, request.body)),
  );

  app.put(
    `${base}/order`,
    {
      schema: {
        params: idParamSchema,
        body: adminGameAchievementOrderSchema,
        response: { 200: adminGameAchievementListSchema, ...adminErrorResponses },
      },
    },
    async (request) => adminReorderGameAchievements(db, request.params.id, request.body.ids),
  );

  app.patch(
    `${base}/:achievementId`,
    {
      schema: {
        params: gameAchievementParamsSchema,
        body: adminGameAchievementPatchSchema,
        response: { 200: adminGameAchievementSchema, ...adminErrorResponses },
      },
    },
    async (request) => adminUpdateGameAchievement(db, request.params.id, request.params.achievementId, request.body),
  );

  app.delete(
    `${base}/:achievementId`,
    { schema: { params: gameAchievementParamsSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      await adminDeleteGameAchievement(db, request.params.id, request.params.achievementId);
      return reply.code(204).send(null);
    },
  );
};
