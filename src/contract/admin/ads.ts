import { z } from "zod";
import {
  AD_DISPLAY_SLOTS,
  AD_POLICY_BOUNDS,
  AD_PROVIDERS,
  GOOGLE_AD_LIMITS,
  HOUSE_AD_LIMITS,
  VAST_LIMITS,
} from "../ads-constants";

/** Settings → Ads (D152, D153). */
export const adSettingsSchema = z.object({
  provider: z.enum(AD_PROVIDERS),
  firstAdAfterSeconds: z.number().int(),
  minSecondsBetweenAds: z.number().int(),
  rewardWhenOff: z.enum(["grant", "refuse"]),
  gamesOff: z.array(z.number().int()),
  googleClientId: z.string(),
  googleFrequencyHintSeconds: z.number().int(),
  googleTestMode: z.boolean(),
  vastTagUrl: z.string(),
  displaySlots: z.array(z.enum(AD_DISPLAY_SLOTS)),
  googleSlotBeside: z.string(),
  googleSlotBelow: z.string(),
  googleSlotGrid: z.string(),
});
export type AdSettingsResponse = z.infer<typeof adSettingsSchema>;

const seconds = (what: string) =>
  z
    .number({ message: `${what} must be a number of seconds` })
    .int(`${what} must be a whole number of seconds`)
    .min(0, `${what} must be at least 0`)
    .max(AD_POLICY_BOUNDS.maxSeconds, `${what} must be at most ${AD_POLICY_BOUNDS.maxSeconds} seconds`);

function isHttpUrl(s: string): boolean {
  try {
    const url = new URL(s);
    return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

const googleSlotId = z
  .string()
  .trim()
  .regex(/^\d{0,20}$/, "A Google ad unit's slot id is its digits (data-ad-slot)");

export const adSettingsPatchSchema = z
  .object({
    provider: z.enum(AD_PROVIDERS, { message: `provider must be one of ${AD_PROVIDERS.join(", ")}` }),
    firstAdAfterSeconds: seconds("The first ad's wait"),
    minSecondsBetweenAds: seconds("The time between ads"),
    rewardWhenOff: z.enum(["grant", "refuse"], { message: "rewardWhenOff must be grant or refuse" }),
    gamesOff: z.array(z.number().int().positive().max(2147483647)).max(1000, "At most 1000 games"),
    googleClientId: z
      .string()
      .trim()
      .regex(/^(ca-pub-\d{10,20})?$/, "The Google client id looks like ca-pub-1234567890123456"),
    googleFrequencyHintSeconds: z
      .number({ message: "The frequency hint must be a number of seconds" })
      .int("The frequency hint must be a whole number of seconds")
      .min(
        GOOGLE_AD_LIMITS.minFrequencySeconds,
        `The frequency hint must be at least ${GOOGLE_AD_LIMITS.minFrequencySeconds} seconds`,
      )
      .max(
        GOOGLE_AD_LIMITS.maxFrequencySeconds,
        `The frequency hint must be at most ${GOOGLE_AD_LIMITS.maxFrequencySeconds} seconds`,
      ),
    googleTestMode: z.boolean({ message: "googleTestMode must be true or false" }),
    vastTagUrl: z
      .string()
      .trim()
      .max(VAST_LIMITS.maxUrlChars, "The VAST tag address is too long")
      .refine((s) => s === "" || isHttpUrl(s), "The VAST tag must be a full address (https://…)"),
    displaySlots: z
      .array(z.enum(AD_DISPLAY_SLOTS, { message: `A display slot is one of ${AD_DISPLAY_SLOTS.join(", ")}` }))
      .max(AD_DISPLAY_SLOTS.length)
      .refine((a) => new Set(a).size === a.length, "Each display slot at most once"),
    googleSlotBeside: googleSlotId,
    googleSlotBelow: googleSlotId,
    googleSlotGrid: googleSlotId,
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
