import { z } from "zod";
import { isoDateTime, publicUserSchema } from "./common";
import { SCORE_FORMATS } from "./games-constants";
import { PROFILE_VISIBILITIES } from "./me-constants";

/**
 * GET /api/users/{id}: public fields only plus rank and stats. D87: when the viewer may not see
 * the whole profile (friends-only or private, or a block), `restricted` is true and only id, username, avatarUrl
 * and `visibility` are given: the other fields are null.
 */
export const userProfileSchema = publicUserSchema.extend({
  createdAt: isoDateTime.nullable(),
  rank: z.number().int().nullable(),
  totalScore: z.number().int().nullable(),
  gamesPlayed: z.number().int().nullable(),
  winRate: z.number().int().nullable(),
  visibility: z.enum(PROFILE_VISIBILITIES),
  restricted: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** GET /api/users/{id}/stats: the profile's tabs (D25), all from real events. */
export const userStatsSchema = z.object({
  games: z.array(
    z.object({
      gameId: z.number().int(),
      title: z.string(),
      imageUrl: z.string(),
      category: z.string(),
      categorySlug: z.string(),
      bestScore: z.number().int(),
      /** D92: the player's rank on the game's all-time board; null when the player is not on the boards (hidden or banned) */
      rank: z.number().int().positive().nullable(),
      /** D90: how the game shows its scores: "time_ms" is a time in milliseconds (1:02.345), the best being the lowest */
      scoreFormat: z.enum(SCORE_FORMATS),
      scores: z.number().int(),
      lastPlayedAt: z.string(),
    }),
  ),
  categories: z.array(
    z.object({ slug: z.string(), name: z.string(), plays: z.number().int(), share: z.number().int() }),
  ),
  achievements: z.array(
    z.object({ id: z.string(), title: z.string(), description: z.string(), unlockedAt: z.string().nullable() }),
  ),
  unlockedCount: z.number().int(),
  totalAchievements: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;
