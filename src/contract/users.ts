import { z } from "zod";
import { publicUserSchema } from "./common";

/** GET /api/users/{id}: public fields only (D16) plus rank and stats (D24, D25). */
export const userProfileSchema = publicUserSchema.extend({
  rank: z.number().int().nullable(),
  totalScore: z.number().int(),
  gamesPlayed: z.number().int(),
  winRate: z.number().int(),
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
      scores: z.number().int(),
      lastPlayedAt: z.string(),
    }),
  ),
  categories: z.array(z.object({ slug: z.string(), name: z.string(), plays: z.number().int(), share: z.number().int() })),
  achievements: z.array(z.object({ id: z.string(), title: z.string(), description: z.string(), unlockedAt: z.string().nullable() })),
  unlockedCount: z.number().int(),
  totalAchievements: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;
