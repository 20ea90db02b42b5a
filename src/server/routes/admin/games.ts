import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminGameCreateSchema,
  adminGameListQuerySchema,
  adminGameListSchema,
  adminGamePatchSchema,
  adminGameSchema,
} from "../../../contract/admin/games";
import { idParamSchema } from "../../../contract/common";
import type { AppContext } from "../../context";
import { createGame, deleteGame, getAdminGame, listGamesForAdmin, updateGame } from "../../services/game-admin";
import { enqueueOgImage } from "../../services/og-images";
import { adminErrorResponses } from "./validation";

/** Spec §2 /cms/games, §7: the admin games table, Add (URL mode), Edit and Delete (uploads: uploads.ts). */
export const adminGameRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, files, leaderboardCache },
) => {
  // Issue 12 item 2: a page of the CMS games table (title contains the search, newest first), the count in X-Total-Count.
  app.get(
    "/api/admin/games",
    {
      schema: { querystring: adminGameListQuerySchema, response: { 200: adminGameListSchema, ...adminErrorResponses } },
    },
    async (request, reply) => {
      const { games, total } = await listGamesForAdmin(db, config.gamesUrl, request.query);
      reply.header("X-Total-Count", String(total));
      return games;
    },
  );

  app.post(
    "/api/admin/games",
    { schema: { body: adminGameCreateSchema, response: { 201: adminGameSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const game = await createGame(db, config.gamesUrl, request.body);
      request.log.info({ gameId: game.id }, "admin added a game");
      await enqueueOgImage(db, game.imageUrl);
      return reply.code(201).send((await getAdminGame(db, config.gamesUrl, game.id))!);
    },
  );

  // Spec §5 "Edit game": only the listed fields; blank fields keep the existing values. D113, D114: `hiddenReason:
  // null` shows a hidden game again (the audit log keeps the reason it had).
  app.patch(
    "/api/admin/games/:id",
    {
      schema: {
        params: idParamSchema,
        body: adminGamePatchSchema.optional(),
        response: { 200: adminGameSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body ?? {};
      const before = body.hiddenReason === null ? await getAdminGame(db, config.gamesUrl, id) : undefined;
      const game = await updateGame(db, config.gamesUrl, id, body);
      if (body.imageUrl !== undefined) await enqueueOgImage(db, game.imageUrl);
      if (before)
        request.auditRecord = {
          action: "games.update",
          target: { kind: "games", id: String(id) },
          before: { hiddenReason: before.hiddenReason },
          after: body,
        };
      return game;
    },
  );

  // Deletes the game with its plays, scores, reviews and package files (D3); the boards change with it.
  app.delete(
    "/api/admin/games/:id",
    { schema: { params: idParamSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      const { id } = request.params;
      await deleteGame(db, files, id);
      leaderboardCache.clear();
      request.log.info({ gameId: id }, "admin deleted a game");
      return reply.code(204).send(null);
    },
  );
};
