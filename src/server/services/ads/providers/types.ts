/**
 * D152: what an ad provider is to the rest of the site. One module per provider (none.ts, house.ts, google.ts,
 * vast.ts), each a value of this type, listed in providers/index.ts.
 *
 * Contract:
 * - `fill` answers one ad for one placement, or null (a no-fill). It never throws for "no ad"; a fault it throws is
 *   caught by the caller and answered as a no-fill.
 * - `cspSources(settings)` are the outside sources the site's pages must allow while the provider is on, per
 *   directive; a provider that serves everything from the site's own origin lists none, and the CSP is then exactly
 *   as without ads (D153).
 * - `needsConsent`: whether the provider may run only after the player agreed to advertising.
 * - What a fill answers is sent to the game page as it is, and the page's provider module of the same id shows it
 *   (src/client/features/games/ads/providers/).
 */
import type { AdDisplaySlot, AdPlacement, AdProviderId } from "../../../../contract/ads-constants";
import type { Db } from "../../../db/client";

export type CspDirective = "script-src" | "frame-src" | "img-src" | "media-src" | "connect-src";
export type CspSources = Partial<Record<CspDirective, readonly string[]>>;

/** D152: Settings → Ads' provider fields (the policy's own fields are in ad-policy.ts). */
export type AdProviderSettings = {
  googleClientId: string;
  googleFrequencyHintSeconds: number;
  googleTestMode: boolean;
  vastTagUrl: string;
  displaySlots: AdDisplaySlot[];
  googleSlotBeside: string;
  googleSlotBelow: string;
  googleSlotGrid: string;
};

export type AdFillRequest = { placement: AdPlacement; gameId: number; now: Date; settings: AdProviderSettings };

/** A house ad as the page shows it. */
export type HouseCreative = {
  provider: "house";
  id: number;
  kind: "image" | "video";
  mediaUrl: string;
  link: string;
  title: string;
};

/** D152: Google's ad runs in the game frame: the page hands the frame what the tag needs. */
export type GoogleCreative = {
  provider: "google";
  id: number;
  clientId: string;
  frequencyHint: string;
  testMode: boolean;
};

/** D152: the player's browser asks the VAST tag for the ad (ADR on VAST). */
export type VastCreative = { provider: "vast"; id: number; tagUrl: string };

export type AdCreative = HouseCreative | GoogleCreative | VastCreative;

export type AdProvider = {
  readonly id: AdProviderId;
  readonly needsConsent: boolean;
  cspSources(settings: AdProviderSettings): CspSources;
  fill(db: Db, request: AdFillRequest): Promise<AdCreative | null>;
};
