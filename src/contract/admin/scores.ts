import { z } from "zod";
import { isoDateTime } from "../common";
import { SCORE_FORMATS } from "../games";

/** Score moderation (D93). */

/** GET /api/admin/scores: the newest scores, of a game and/or a player. */
export const adminScoreListQuerySchema = z.object({
  gameId: z.coerce.number().int().positive().max(2147483647).optional(),
  userId: z.coerce.number().int().positive().max(2147483647).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminScoreRowSchema = z.object({
  id: z.number().int(),
  score: z.number(),
  won: z.boolean().nullable(),
  createdAt: isoDateTime,
  /** the player's best on the game is this score */
  isBest: z.boolean(),
  game: z.object({ id: z.number().int(), title: z.string(), format: z.enum(SCORE_FORMATS) }),
  user: z.object({ id: z.number().int(), username: z.string(), hiddenFromBoards: z.boolean() }),
});
export type AdminScoreRow = z.infer<typeof adminScoreRowSchema>;
export const adminScoreListSchema = z.array(adminScoreRowSchema);

/** D108: a score held for a moderator (GET /api/admin/held-scores), oldest first. */
export const heldScoreRowSchema = z.object({
  id: z.number().int(),
  score: z.number().int(),
  won: z.boolean().nullable(),
  /** "ten_times_top": 10x the board's top; "top_three": a new top 3 on a board of 20+ players */
  reason: z.enum(["ten_times_top", "top_three"]),
  /** the board's top when it was held (null: none) */
  boardTop: z.number().int().nullable(),
  createdAt: isoDateTime,
  user: z.object({ id: z.number().int(), username: z.string() }),
  game: z.object({ id: z.number().int(), title: z.string(), format: z.enum(SCORE_FORMATS) }),
});
export type HeldScoreRow = z.infer<typeof heldScoreRowSchema>;
export const heldScoreListSchema = z.array(heldScoreRowSchema);
export const heldScoreDecisionSchema = z.object({ id: z.number().int(), status: z.enum(["approved", "rejected"]) });

/** POST /api/admin/scores/reset: every score of a player on a game removed. */
export const adminScoreResetSchema = z.strictObject({
  userId: z.number({ error: "userId must be a user id" }).int().positive().max(2147483647),
  gameId: z.number({ error: "gameId must be a game id" }).int().positive().max(2147483647),
});
export const adminScoreResetResultSchema = z.object({ removed: z.number().int() });
