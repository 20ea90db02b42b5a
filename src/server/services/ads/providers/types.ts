/**
 * D152: what an ad provider is to the rest of the site. One module per provider (none.ts, house.ts; Google H5 Games
 * Ads and VAST later), each a value of this type, listed in providers/index.ts.
 *
 * Contract:
 * - `fill` answers one ad for one placement, or null (a no-fill). It never throws for "no ad"; a fault it throws is
 *   caught by the caller and answered as a no-fill.
 * - `cspSources` are the outside sources the site's pages must allow while the provider is on, per directive; a
 *   provider that serves everything from the site's own origin lists none, and the CSP is then exactly as without ads.
 * - `needsConsent`: whether the provider may run only after the player agreed to advertising.
 * - What a fill answers is sent to the game page as it is, and the page's provider module of the same id shows it
 *   (src/client/features/games/ads/providers/).
 */
import type { AdPlacement, AdProviderId } from "../../../../contract/ads-constants";
import type { Db } from "../../../db/client";

export type CspDirective = "script-src" | "frame-src" | "img-src" | "media-src" | "connect-src";

export type AdFillRequest = { placement: AdPlacement; gameId: number; now: Date };

/** A house ad as the page shows it. Other providers add their own kinds to this union. */
export type HouseCreative = {
  provider: "house";
  id: number;
  kind: "image" | "video";
  mediaUrl: string;
  link: string;
  title: string;
};
export type AdCreative = HouseCreative;

export type AdProvider = {
  readonly id: AdProviderId;
  readonly needsConsent: boolean;
  readonly cspSources: Readonly<Partial<Record<CspDirective, readonly string[]>>>;
  fill(db: Db, request: AdFillRequest): Promise<AdCreative | null>;
};
