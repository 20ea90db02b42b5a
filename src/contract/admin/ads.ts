import { z } from "zod";
import { AD_POLICY_BOUNDS, AD_PROVIDERS, HOUSE_AD_LIMITS } from "../ads-constants";

/** Settings → Ads (D152, D153). */
export const adSettingsSchema = z.object({
  provider: z.enum(AD_PROVIDERS),
  firstAdAfterSeconds: z.number().int(),
  minSecondsBetweenAds: z.number().int(),
  rewardWhenOff: z.enum(["grant", "refuse"]),
  gamesOff: z.array(z.number().int()),
});
export type AdSettingsResponse = z.infer<typeof adSettingsSchema>;

const seconds = (what: string) =>
  z
    .number({ message: `${what} must be a number of seconds` })
    .int(`${what} must be a whole number of seconds`)
    .min(0, `${what} must be at least 0`)
    .max(AD_POLICY_BOUNDS.maxSeconds, `${what} must be at most ${AD_POLICY_BOUNDS.maxSeconds} seconds`);

export const adSettingsPatchSchema = z
  .object({
    provider: z.enum(AD_PROVIDERS, { message: `provider must be one of ${AD_PROVIDERS.join(", ")}` }),
    firstAdAfterSeconds: seconds("The first ad's wait"),
    minSecondsBetweenAds: seconds("The time between ads"),
    rewardWhenOff: z.enum(["grant", "refuse"], { message: "rewardWhenOff must be grant or refuse" }),
    gamesOff: z.array(z.number().int().positive().max(2147483647)).max(1000, "At most 1000 games"),
  })
  .partial()
  .strict();

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "Not a real date");

/** The text fields of a house ad (the upload's form fields, or a PATCH body). */
export const houseAdFieldsSchema = z.object({
  title: z.string().trim().min(1, "A title is required").max(HOUSE_AD_LIMITS.maxTitleChars, "The title is too long"),
  link: z
    .string()
    .trim()
    .max(HOUSE_AD_LIMITS.maxLinkChars, "The link is too long")
    .url("The link must be a full address (https://…)")
    .refine((s) => /^https?:\/\//i.test(s), "The link must start with http:// or https://"),
  weight: z.coerce
    .number({ message: "The weight must be a number" })
    .int("The weight must be a whole number")
    .min(1, "The weight must be at least 1")
    .max(HOUSE_AD_LIMITS.maxWeight, `The weight must be at most ${HOUSE_AD_LIMITS.maxWeight}`),
  startsOn: z.preprocess((v) => (v === "" ? null : v), isoDay.nullable()),
  endsOn: z.preprocess((v) => (v === "" ? null : v), isoDay.nullable()),
});
export const houseAdPatchSchema = houseAdFieldsSchema.partial().strict();

export const houseAdSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(["image", "video"]),
  mediaUrl: z.string(),
  link: z.string(),
  weight: z.number().int(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  createdAt: z.string(),
});
export type HouseAdResponse = z.infer<typeof houseAdSchema>;

export const adStatsRowSchema = z.object({
  day: z.string(),
  placement: z.string(),
  gameId: z.number().int(),
  gameTitle: z.string(),
  impressions: z.number().int(),
  noFills: z.number().int(),
  dismissals: z.number().int(),
  rewards: z.number().int(),
  clicks: z.number().int(),
});
export type AdStatsRowResponse = z.infer<typeof adStatsRowSchema>;
