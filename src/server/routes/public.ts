import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { errorResponseSchema, idParamSchema } from "../../contract/common";
import { leaderboardQuerySchema, leaderboardSchema } from "../../contract/leaderboard";
import { scoreListQuerySchema, scoreListSchema } from "../../contract/scores";
import { userProfileSchema } from "../../contract/users";
import type { AppContext } from "../app";
import { bestScoresTable, gamesTable, usersTable } from "../db/schema";
import { NotFound } from "../errors";
import { leaderboard } from "../services/leaderboard";

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };


/** Public read endpoints: scores, leaderboard, profiles, reviews. */
export const publicRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, leaderboardCache }) => {
  async function assertGame(id: number) {
    const [g] = await db.select({ id: gamesTable.id }).from(gamesTable).where(eq(gamesTable.id, id));
    if (!g) throw new NotFound("Game not found");
  }

  // D23: each player's best score, highest first, ties: earlier first.
  app.get(
    "/api/scores/game/:id",
    { schema: { params: idParamSchema, querystring: scoreListQuerySchema, response: { 200: scoreListSchema, ...errors } } },
    async (request) => {
      await assertGame(request.params.id);
      const rows = await db
        .select({
          id: bestScoresTable.scoreId,
          score: bestScoresTable.score,
          createdAt: bestScoresTable.achievedAt,
          userId: usersTable.id,
          username: usersTable.username,
          avatarUrl: usersTable.avatarUrl,
        })
        .from(bestScoresTable)
        .innerJoin(usersTable, eq(usersTable.id, bestScoresTable.userId))
        .where(and(eq(bestScoresTable.gameId, request.params.id), isNull(usersTable.disabledAt)))
        .orderBy(desc(bestScoresTable.score), asc(bestScoresTable.achievedAt), asc(bestScoresTable.userId))
        .limit(request.query.limit);
      return rows.map((r) => ({
        id: r.id,
        score: r.score,
        createdAt: r.createdAt.toISOString(),
        user: { id: r.userId, username: r.username, avatarUrl: r.avatarUrl },
      }));
    },
  );

  app.get(
    "/api/leaderboard",
    { schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema, 400: errorResponseSchema } } },
    async (request) => {
      const { period, limit, search } = request.query;
      if (search) return leaderboard(db, request.query);
      return leaderboardCache.get(`${period}:${limit}`, () => leaderboard(db, { period, limit }));
    },
  );

  app.get("/api/users/:id", { schema: { params: idParamSchema, response: { 200: userProfileSchema, ...errors } } }, async (request) => {
    const [user] = await db
      .select({ id: usersTable.id, username: usersTable.username, avatarUrl: usersTable.avatarUrl, createdAt: usersTable.createdAt })
      .from(usersTable)
      .where(and(eq(usersTable.id, request.params.id), isNull(usersTable.disabledAt)));
    if (!user) throw new NotFound("User not found");
    const [entry] = await leaderboard(db, { period: "all", limit: 1, userId: user.id });
    return {
      ...user,
      createdAt: user.createdAt.toISOString(),
      rank: entry?.rank ?? null,
      totalScore: entry?.totalScore ?? 0,
      gamesPlayed: entry?.gamesPlayed ?? 0,
      winRate: entry?.winRate ?? 0,
    };
  });


};
