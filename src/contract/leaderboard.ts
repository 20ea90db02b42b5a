import { z } from "zod";
import { publicUserSchema } from "./common";
import { BOARD_SCOPES } from "./leaderboard-constants";

/** D24 */
export const leaderboardQuerySchema = z.object({
  period: z.enum(["all", "week"]).default("all"),
  search: z.string().trim().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** D84/D101: `friends` is the signed-in player and their friends, ranked among themselves (401 without a session). */
  scope: z.enum(BOARD_SCOPES).default("global"),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  user: publicUserSchema,
  totalScore: z.number().int(),
  gamesPlayed: z.number().int(),
  /** percent, 0 to 100 */
  winRate: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export const leaderboardSchema = z.array(leaderboardEntrySchema);
