import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, idParamSchema } from "../../contract/common";
import {
  gameAchievementListSchema,
  myGameAchievementsSchema,
  unlockGameAchievementResponseSchema,
  unlockGameAchievementSchema,
  userGameAchievementListSchema,
} from "../../contract/game-achievements";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import { PUBLIC_READ_CONFIG, replyFromCache } from "../plugins/read-cache-http";
import {
  gameAchievementTitle,
  listGameAchievements,
  listUserGameAchievements,
  myGameAchievements,
  unlockGameAchievement,
} from "../services/game-achievements";
import { notifyAchievements } from "../services/notifications";
import { assertCanSeeProfile } from "../services/users";

/** Per-game achievements (D78): the public list, the player's own unlocks, unlocking, a profile's list. */
export const gameAchievementRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, rateLimits, reads, playerHub },
) => {
  // Public and the same for everybody, so it is a cached read (ADR 008).
  app.get(
    "/api/games/:id/achievements",
    {
      schema: { params: idParamSchema, response: { 200: gameAchievementListSchema, ...errorResponses(400, 404) } },
      config: PUBLIC_READ_CONFIG,
    },
    async (request, reply) =>
      replyFromCache(request, reply, reads, `game-achievements:${request.params.id}`, async () => ({
        value: await listGameAchievements(db, config.gamesUrl, request.params.id),
      })),
  );

  // The signed-in player's own unlocks: a separate, private read so that the list above stays cacheable.
  app.get(
    "/api/games/:id/achievements/mine",
    {
      schema: { params: idParamSchema, response: { 200: myGameAchievementsSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header("Cache-Control", "private, no-store");
      return myGameAchievements(db, request.params.id, user.id);
    },
  );

  // The shares on the public list change with an unlock: cached reads are invalidated like plays ("frequent").
  app.post(
    "/api/games/:id/achievements/unlock",
    {
      schema: {
        params: idParamSchema,
        body: unlockGameAchievementSchema,
        response: { 200: unlockGameAchievementResponseSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
      config: { changesCatalogue: "frequent" },
    },
    async (request) => {
      const user = requireUser(request);
      await rateLimits.enforce("achievement", `achievement:${user.id}`);
      const result = await unlockGameAchievement(db, user.id, request.params.id, request.body);
      if (result.unlocked) {
        // D85: stored; the notification is secondary and never fails the request.
        try {
          const title = await gameAchievementTitle(db, request.params.id, request.body.key);
          if (title) await notifyAchievements({ db, playerHub }, user.id, [title], request.params.id);
        } catch (err) {
          request.log.warn({ err }, "achievement notification failed");
        }
      }
      return result;
    },
  );

  app.get(
    "/api/users/:id/game-achievements",
    {
      schema: {
        params: idParamSchema,
        response: { 200: userGameAchievementListSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      // D87: a profile's list follows the profile's privacy for the session's user (not cached: it depends on who asks).
      reply.header("Cache-Control", "private, no-store");
      await assertCanSeeProfile(db, request.user?.id ?? null, request.params.id);
      return listUserGameAchievements(db, config.gamesUrl, request.params.id);
    },
  );
};
