import { z } from "zod";
import { AD_PLACEMENTS, AD_REASONS, AD_REPORTED_EVENTS } from "./ads-constants";

/** POST /api/games/{id}/ads: the game page asks for an ad for its session (its first play). */
export const adRequestBodySchema = z.object({
  playId: z.string().uuid("Invalid play id"),
  placement: z.enum(AD_PLACEMENTS, { message: `placement must be one of ${AD_PLACEMENTS.join(", ")}` }),
  /** D152: the player agreed to advertising (a provider that needs it shows nothing otherwise) */
  advertisingConsent: z.boolean().default(false),
});

export const houseCreativeSchema = z.object({
  provider: z.literal("house"),
  id: z.number().int(),
  kind: z.enum(["image", "video"]),
  mediaUrl: z.string(),
  link: z.string(),
  title: z.string(),
});

export const googleCreativeSchema = z.object({
  provider: z.literal("google"),
  id: z.number().int(),
  clientId: z.string(),
  frequencyHint: z.string(),
  testMode: z.boolean(),
});

export const vastCreativeSchema = z.object({ provider: z.literal("vast"), id: z.number().int(), tagUrl: z.string() });

export const adCreativeSchema = z.discriminatedUnion("provider", [
  houseCreativeSchema,
  googleCreativeSchema,
  vastCreativeSchema,
]);

export const adAnswerSchema = z.discriminatedUnion("show", [
  z.object({ show: z.literal(true), placement: z.enum(AD_PLACEMENTS), ad: adCreativeSchema }),
  z.object({
    show: z.literal(false),
    placement: z.enum(AD_PLACEMENTS),
    reason: z.enum(AD_REASONS),
    granted: z.boolean(),
  }),
]);
export type AdAnswer = z.infer<typeof adAnswerSchema>;
export type HouseCreative = z.infer<typeof houseCreativeSchema>;
export type GoogleCreative = z.infer<typeof googleCreativeSchema>;
export type VastCreative = z.infer<typeof vastCreativeSchema>;

/** POST /api/games/{id}/ads/events: what the page saw of an ad it showed. */
export const adEventBodySchema = z.object({
  playId: z.string().uuid("Invalid play id"),
  placement: z.enum(AD_PLACEMENTS),
  event: z.enum(AD_REPORTED_EVENTS, { message: `event must be one of ${AD_REPORTED_EVENTS.join(", ")}` }),
});
