import { z } from "zod";
import { BEACON_MAX_IMPRESSIONS } from "./numbers-constants";

const idSchema = z.number().int().positive().max(2147483647);

export * from "./numbers-constants";

/** D134: a page's counting beacon: game cards seen (each once per page view) and the game page viewed, no identity. */
export const numbersBeaconBodySchema = z
  .object({
    impressions: z.array(idSchema).max(BEACON_MAX_IMPRESSIONS).default([]),
    view: idSchema.nullable().default(null),
  })
  .strict();

/** D134: an uncaught error of a game's frame, as its host page reports it. */
export const gameErrorBodySchema = z.object({ message: z.string().trim().min(1).max(2000) }).strict();

const numbersDaySchema = z.object({
  day: z.string(),
  live: z.boolean(),
  impressions: z.number().int(),
  pageViews: z.number().int(),
  playStarts: z.number().int(),
  conversion: z.number().nullable(),
  firstGameplayP50: z.number().nullable(),
  firstGameplayP90: z.number().nullable(),
  playtimePerSessionMs: z.number().nullable(),
  sessionsPerPlayer: z.number().nullable(),
  players: z.number().int(),
  newPlayers: z.number().int(),
  d1: z.number().nullable(),
  d7: z.number().nullable(),
  errors: z.number().int(),
  errorsPer1000: z.number().nullable(),
});

export const numbersResponseSchema = z.object({
  game: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  days: z.array(numbersDaySchema),
  topErrors: z.array(z.object({ message: z.string(), n: z.number().int() })),
  onlineNow: z.number().int().nullable(),
});
