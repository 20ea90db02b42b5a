import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "drizzle-orm";
import { errorResponseSchema, idParamSchema } from "../../contract/common";
import { submitScoreResponseSchema, submitScoreSchema } from "../../contract/scores";
import { userStatsSchema } from "../../contract/users";
import type { AppContext } from "../app";
import { requireUser } from "../plugins/auth";
import { NotFound } from "../errors";
import { listAchievements } from "../services/achievements";
import { enforceRateLimit } from "../services/rate-limit";
import { submitScore } from "../services/scores";

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

/** Scores (D21, D23) and the profile's statistics (D25). */
export const scoreRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, leaderboardCache }) => {
  app.post("/api/scores", { schema: { body: submitScoreSchema, response: { 201: submitScoreResponseSchema, ...errors } } }, async (request, reply) => {
    const user = requireUser(request);
    await enforceRateLimit(db, `score:${user.id}`, 30, 60 * 1000, "Too many scores. Please slow down.");
    const result = await submitScore(db, user.id, request.body);
    leaderboardCache.clear();
    return reply.code(201).send({ score: result.score, personalBest: result.personalBest, rank: result.rank });
  });

  app.get("/api/users/:id/stats", { schema: { params: idParamSchema, response: { 200: userStatsSchema, ...errors } } }, async (request) => {
    const userId = request.params.id;
    const exists = await db.execute(sql`select 1 from users where id = ${userId} and disabled_at is null`);
    if (!exists.rows.length) throw new NotFound("User not found");
    const games = await db.execute(sql`
      select g.id as game_id, g.title, g.image_url, c.name as category, c.slug as category_slug,
             b.score as best_score, s.n as scores, s.last_played_at
      from best_scores b
      join games g on g.id = b.game_id
      join categories c on c.id = g.category_id
      join (select game_id, count(*)::int as n, max(created_at) as last_played_at from scores where user_id = ${userId} group by game_id) s on s.game_id = b.game_id
      where b.user_id = ${userId}
      order by s.last_played_at desc`);
    const categories = await db.execute(sql`
      select c.slug, c.name, count(*)::int as plays
      from plays p join games g on g.id = p.game_id join categories c on c.id = g.category_id
      where p.user_id = ${userId}
      group by c.slug, c.name order by plays desc, c.name asc`);
    const totalPlays = (categories.rows as Array<{ plays: number }>).reduce((a, r) => a + Number(r.plays), 0);
    return {
      games: (games.rows as Array<Record<string, unknown>>).map((r) => ({
        gameId: Number(r.game_id),
        title: String(r.title),
        imageUrl: String(r.image_url),
        category: String(r.category),
        categorySlug: String(r.category_slug),
        bestScore: Number(r.best_score),
        scores: Number(r.scores),
        lastPlayedAt: new Date(r.last_played_at as string).toISOString(),
      })),
      categories: (categories.rows as Array<Record<string, unknown>>).map((r) => ({
        slug: String(r.slug),
        name: String(r.name),
        plays: Number(r.plays),
        share: totalPlays ? Math.round((100 * Number(r.plays)) / totalPlays) : 0,
      })),
      ...(await listAchievements(db, userId)),
    };
  });
};
