import { z } from "zod";
import { isoDateTime, publicUserSchema } from "./common";
import { BOARD_SCOPES } from "./leaderboard-constants";

/** D91: a season of the boards; `current` is the open one (its board is "This Week"). */
export const seasonSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  startsAt: isoDateTime,
  /** null: an endless season (season length "none") */
  endsAt: isoDateTime.nullable(),
  current: z.boolean(),
});
export type Season = z.infer<typeof seasonSchema>;
export const seasonListSchema = z.array(seasonSchema);

/** D92: the board parameters shared by the global and the per-game boards. */
export const boardQueryFields = {
  /** D84: `friends` is the signed-in player and their friends, ranked among themselves (401 without a session). */
  scope: z.enum(BOARD_SCOPES).default("global"),
  /** D91: a season's board (archived or current); without it, the board of `period` (global) or all time (per game) */
  season: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** D92: the signed-in player's row with the rows just above and below it (401 without a session; [] when not on the board) */
  around: z.enum(["me"]).optional(),
};

/** D24 */
export const leaderboardQuerySchema = z.object({
  period: z.enum(["all", "week"]).default("all"),
  search: z.string().trim().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  ...boardQueryFields,
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
