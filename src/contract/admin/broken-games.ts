import { z } from "zod";
import { GAME_HIDDEN_REASONS } from "../feeds-constants";

/** D114: GET /api/admin/broken-games, a page at a time (X-Total-Count: all of them). */
export const BROKEN_GAME_PAGE_SIZE = { default: 50, max: 100 } as const;

export const brokenGamesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(BROKEN_GAME_PAGE_SIZE.max).default(BROKEN_GAME_PAGE_SIZE.default),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type BrokenGamesQuery = z.infer<typeof brokenGamesQuerySchema>;

/**
 * A game that may not load: hidden as unreachable, failing its embed checks, or reported by players as not loading.
 * `failures` are failed checks in a row, `checkedAt` the last check, `error` why the last one failed; `reports` the
 * open "doesn't load" reports (the reports queue closes them).
 */
export const brokenGameSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  /** where the game is embedded from (null: it runs on our games origin, so it is not checked) */
  externalUrl: z.string().nullable(),
  hiddenReason: z.enum(GAME_HIDDEN_REASONS).nullable(),
  failures: z.number().int(),
  checkedAt: z.string().nullable(),
  error: z.string().nullable(),
  reports: z.number().int(),
  lastReportedAt: z.string().nullable(),
});
export type BrokenGame = z.infer<typeof brokenGameSchema>;
export const brokenGameListSchema = z.array(brokenGameSchema);

/** POST /api/admin/broken-games/{id}/check: the game after one check now, and what the check found. */
export const EMBED_CHECK_OUTCOMES = ["reachable", "busy", "failed"] as const;
export const embedCheckNowSchema = z.object({
  outcome: z.enum(EMBED_CHECK_OUTCOMES),
  /** this check hid the game (its third failure in a row) */
  hidden: z.boolean(),
  game: brokenGameSchema,
});
export type EmbedCheckNow = z.infer<typeof embedCheckNowSchema>;
