import { z } from "zod";
import { isoDateTime } from "./common";
import { GAME_DIFFICULTIES, GAME_SORTS, SCORE_FORMATS, SCORE_ORDERS, type ScoreRules } from "./games-constants";

export type { GameDifficulty, GameSort, ScoreRules } from "./games-constants";
export { SCORE_FORMATS, SCORE_ORDERS } from "./games-constants";

/** D83: easy | medium | hard. */
export const gameDifficultySchema = z.enum(GAME_DIFFICULTIES, { error: "Difficulty must be easy, medium or hard" });

/** Game object, every field of spec §3 plus categorySlug and the computed frameUrl. */
export const gameSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  categoryId: z.number().int(),
  /** category name */
  category: z.string(),
  categorySlug: z.string(),
  externalUrl: z.string().nullable(),
  developer: z.string(),
  instructions: z.string(),
  isFeatured: z.boolean(),
  /** alias of isFeatured (spec §3 names both) */
  featured: z.boolean(),
  new: z.boolean(),
  hot: z.boolean(),
  plays: z.number().int(),
  /** tenths of a star, 0 to 50 */
  rating: z.number().int().min(0).max(50),
  /** ISO date (YYYY-MM-DD) or null */
  releaseDate: z.string().nullable(),
  createdAt: isoDateTime,
  /** where the embedded frame points: externalUrl, else {games origin}/game-frame/{id}/ (the game's own origin with GAMES_URL's {id}, D79) */
  frameUrl: z.string(),
  /** D83: how hard the game is (game.json or the CMS); null when nobody said */
  difficulty: gameDifficultySchema.nullable(),
  /** D90: how the game's scores are judged and shown */
  scoreRules: z.object({
    order: z.enum(SCORE_ORDERS),
    format: z.enum(SCORE_FORMATS),
    maxScore: z.number().int().nullable(),
    minRoundMs: z.number().int().nullable(),
  }) satisfies z.ZodType<ScoreRules>,
});
export type Game = z.infer<typeof gameSchema>;

/**
 * GET /api/games/{id}: the game and, D83, its Total Players: the number of distinct signed-in players who have
 * started a play of it (guests cannot be told apart, so they are not counted). Only the single game carries it:
 * a list would pay one count per game.
 */
export const gameDetailSchema = gameSchema.extend({
  totalPlayers: z.number().int().nonnegative(),
});
export type GameDetail = z.infer<typeof gameDetailSchema>;

export const gameListSchema = z.array(gameSchema);

export const gameSortSchema = z.enum(GAME_SORTS);

/**
 * No list of games is unbounded. A request without `limit` gets the first page of
 * GAME_PAGE_SIZE.default games; more than GAME_PAGE_SIZE.max at once is refused (400). The number of
 * matching games is in the X-Total-Count header.
 */
export const GAME_PAGE_SIZE = { default: 24, max: 100 } as const;

/**
 * A search counts its matches exactly up to this many; past it the total is this and X-Total-Count-Capped is
 * `true`, and its pages end here (ADR 026).
 */
export const SEARCH_RESULTS_CAP = 1000;

const pageQuery = {
  limit: z.coerce.number().int().min(1).max(GAME_PAGE_SIZE.max).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
};

/** GET /api/games/featured and GET /api/games/category/{slug} query (a page: GAME_PAGE_SIZE). */
export const gamePageQuerySchema = z.object(pageQuery);
export const featuredGamesQuerySchema = gamePageQuerySchema;
export type FeaturedGamesQuery = z.infer<typeof featuredGamesQuerySchema>;

/** GET /api/games query (a page: GAME_PAGE_SIZE). The total is in the X-Total-Count header. */
export const gameListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  /** a category slug, or the pseudo-slugs `new`, `hot`, `featured` */
  category: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]*$/, "Invalid category")
    .optional(),
  sort: gameSortSchema.optional(),
  ...pageQuery,
});
export type GameListQuery = z.infer<typeof gameListQuerySchema>;

/** D21 */
export const playResponseSchema = z.object({
  plays: z.number().int(),
  playId: z.string(),
});
export type PlayResponse = z.infer<typeof playResponseSchema>;
