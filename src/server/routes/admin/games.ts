import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { adminGameCreateSchema, adminGamePatchSchema } from "../../../contract/admin";
import { idParamSchema } from "../../../contract/common";
import { gameListSchema, gameSchema } from "../../../contract/games";
import type { AppContext } from "../../app";
import { rebuildPlayerStats } from "../../services/scores";
import type { Db } from "../../db/client";
import { isForeignKeyViolation } from "../../db/pg-errors";
import { categoriesTable, gamesTable } from "../../db/schema";
import { Invalid, NotFound } from "../../errors";
import { getGame, listGames } from "../../services/games";
import { removePackage } from "../../services/packages";
import { adminErrorResponses } from "./validation";

export const DEFAULT_INSTRUCTIONS = "Use your mouse or touchscreen to play.";

export async function assertCategoryExists(db: Db, categoryId: number): Promise<void> {
  const [row] = await db.select({ id: categoriesTable.id }).from(categoriesTable).where(eq(categoriesTable.id, categoryId));
  if (!row) throw new Invalid(`Category ${categoryId} does not exist`);
}

/** Spec §2 /cms/games, §7: the admin games table, Add (URL mode), Edit and Delete. */
export const adminGameRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, leaderboardCache }) => {
  app.get("/api/admin/games", { schema: { response: { 200: gameListSchema, ...adminErrorResponses } } }, async () => {
    const { games } = await listGames(db, config.gamesUrl, {});
    return games;
  });

  app.post("/api/admin/games", { schema: { body: adminGameCreateSchema, response: { 201: gameSchema, ...adminErrorResponses } } }, async (request, reply) => {
    const b = request.body;
    await assertCategoryExists(db, b.categoryId);
    let id: number;
    try {
      [{ id }] = await db
        .insert(gamesTable)
        .values({
          title: b.title,
          description: b.description,
          imageUrl: b.imageUrl,
          categoryId: b.categoryId,
          externalUrl: b.externalUrl,
          hasPackage: false,
          developer: b.developer,
          instructions: b.instructions ?? DEFAULT_INSTRUCTIONS,
          isFeatured: b.isFeatured,
          plays: b.plays,
          rating: b.rating,
          releaseDate: b.releaseDate ?? null,
        })
        .returning({ id: gamesTable.id });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new Invalid(`Category ${b.categoryId} does not exist`);
      throw err;
    }
    request.log.info({ gameId: id }, "admin added a game");
    return reply.code(201).send((await getGame(db, config.gamesUrl, id))!);
  });

  // Spec §5 "Edit game": only the listed fields; blank fields keep the existing values.
  app.patch(
    "/api/admin/games/:id",
    { schema: { params: idParamSchema, body: adminGamePatchSchema.optional(), response: { 200: gameSchema, ...adminErrorResponses } } },
    async (request) => {
      const { id } = request.params;
      const b = request.body ?? {};
      const [existing] = await db.select({ id: gamesTable.id }).from(gamesTable).where(eq(gamesTable.id, id));
      if (!existing) throw new NotFound("Game not found");
      const set: Partial<typeof gamesTable.$inferInsert> = {};
      if (b.title !== undefined) set.title = b.title;
      if (b.description !== undefined) set.description = b.description;
      if (b.imageUrl !== undefined) set.imageUrl = b.imageUrl;
      if (b.externalUrl !== undefined) set.externalUrl = b.externalUrl;
      if (b.developer !== undefined) set.developer = b.developer;
      if (b.instructions !== undefined) set.instructions = b.instructions;
      if (b.isFeatured !== undefined) set.isFeatured = b.isFeatured;
      if (b.categoryId !== undefined) {
        await assertCategoryExists(db, b.categoryId);
        set.categoryId = b.categoryId;
      }
      if (Object.keys(set).length > 0) {
        try {
          await db.update(gamesTable).set(set).where(eq(gamesTable.id, id));
        } catch (err) {
          if (isForeignKeyViolation(err)) throw new Invalid(`Category ${b.categoryId} does not exist`);
          throw err;
        }
      }
      const game = await getGame(db, config.gamesUrl, id);
      if (!game) throw new NotFound("Game not found");
      return game;
    },
  );

  // Deletes the game (its plays, scores and reviews go with it) and its package files (D3).
  app.delete("/api/admin/games/:id", { schema: { params: idParamSchema, response: { 204: z.null(), ...adminErrorResponses } } }, async (request, reply) => {
    const { id } = request.params;
    const deleted = await db.delete(gamesTable).where(eq(gamesTable.id, id)).returning({ id: gamesTable.id, hasPackage: gamesTable.hasPackage });
    if (deleted.length === 0) throw new NotFound("Game not found");
    await removePackage(config.dataDir, id);
    // Its scores went with it: the leaderboard aggregates are rebuilt (decision 004).
    await rebuildPlayerStats(db);
    leaderboardCache.clear();
    request.log.info({ gameId: id }, "admin deleted a game");
    return reply.code(204).send(null);
  });
};
