/**
 * D151–D153: the ad vocabulary the SDK, the game page and the server share. Values only (no zod), so that public
 * pages may import it.
 */

/** D151: the moments a game may ask for a break (Arcadium.ads.break(type)). */
export const AD_BREAK_TYPES = ["preroll", "start", "pause", "next", "browse"] as const;
export type AdBreakType = (typeof AD_BREAK_TYPES)[number];

/** Where an ad was asked for: one of the break types, or a rewarded ad. Counted per placement (D153). */
export const AD_PLACEMENTS = [...AD_BREAK_TYPES, "reward"] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

/** D152: the providers, each a module behind one interface (src/server/services/ads/providers/). */
export const AD_PROVIDERS = ["none", "house", "google", "vast"] as const;
export type AdProviderId = (typeof AD_PROVIDERS)[number];

/** Why no ad was shown (the `reason` of {shown: false}). */
export const AD_REASONS = [
  "shown",
  "school_mode",
  "game_off",
  "too_soon",
  "frequency",
  "no_provider",
  "no_fill",
  "no_consent",
  "timeout",
  "error",
  "not_in_frame",
  "not_ready",
] as const;
export type AdReason = (typeof AD_REASONS)[number];

/** What the game page reports about an ad it showed. Impressions and no-fills the server counts itself. */
export const AD_REPORTED_EVENTS = ["dismissal", "reward", "click"] as const;
export const AD_EVENTS = ["impression", "no_fill", ...AD_REPORTED_EVENTS] as const;
export type AdEvent = (typeof AD_EVENTS)[number];

/** D154: the reports' ranges, in days ending today (UTC). */
export const AD_REPORT_RANGES = [30, 90] as const;

/** D151: every ad call settles within this, whatever happens. */
export const AD_SETTLE_MS = 30_000;
/** D152: a house ad may be skipped after this long; a rewarded one grants its reward then. */
export const HOUSE_AD_SKIP_MS = 5_000;

/** D153 defaults, settable in Settings → Ads. */
export const AD_POLICY_DEFAULTS = {
  firstAdAfterSeconds: 60,
  minSecondsBetweenAds: 120,
  rewardWhenOff: "grant",
} as const;
export const AD_POLICY_BOUNDS = { maxSeconds: 3600 } as const;

/** House ads' uploads: what types, how large (bytes). */
export const HOUSE_AD_LIMITS = {
  imageTypes: ["image/png", "image/jpeg", "image/webp", "image/gif"],
  videoTypes: ["video/mp4", "video/webm"],
  maxImageBytes: 2 * 1024 * 1024,
  maxVideoBytes: 20 * 1024 * 1024,
  maxLinkChars: 500,
  maxTitleChars: 80,
  maxWeight: 100,
} as const;

/** D152: where a display unit may stand: beside the game, below it, in the games grid. */
export const AD_DISPLAY_SLOTS = ["beside", "below", "grid"] as const;
export type AdDisplaySlot = (typeof AD_DISPLAY_SLOTS)[number];

/** D152: Google H5 Games Ads' tag, loaded only in the game frame's document, and its bounds. */
export const GOOGLE_AD_SCRIPT_URL = "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";
export const GOOGLE_AD_LIMITS = { minFrequencySeconds: 30, maxFrequencySeconds: 3600 } as const;

/** D152: a VAST tag's bounds: its address, the XML the browser reads, how long it waits for it. */
export const VAST_LIMITS = { maxUrlChars: 2000, maxXmlBytes: 256 * 1024, fetchTimeoutMs: 5_000 } as const;
