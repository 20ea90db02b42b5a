import { z } from "zod";
import { isoDateTime, publicUserSchema } from "./common";
import { MAX_SCORE } from "./games-constants";
import { boardQueryFields } from "./leaderboard";

/** Score entry per game (D23). */
export const scoreEntrySchema = z.object({
  id: z.number().int(),
  /** D92: the row's place on the board asked for (1 = best) */
  rank: z.number().int(),
  score: z.number().int(),
  createdAt: isoDateTime,
  user: publicUserSchema.pick({ id: true, username: true, avatarUrl: true }),
});
export type ScoreEntry = z.infer<typeof scoreEntrySchema>;
export const scoreListSchema = z.array(scoreEntrySchema);

export const scoreListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  ...boardQueryFields,
});

/** D23 */
export const submitScoreSchema = z.object({
  playId: z.string().min(1).max(64),
  score: z.number().int().min(0).max(MAX_SCORE),
  won: z.boolean().optional(),
});
export const submitScoreResponseSchema = z.object({
  score: z.number().int(),
  personalBest: z.boolean(),
  rank: z.number().int(),
});
export type SubmitScoreResponse = z.infer<typeof submitScoreResponseSchema>;
/** D108: 202, a score received but held for a moderator (on no board until approved). */
export const heldScoreResponseSchema = z.object({
  score: z.number().int(),
  held: z.literal(true),
  message: z.string(),
});
export type HeldScoreResponse = z.infer<typeof heldScoreResponseSchema>;
