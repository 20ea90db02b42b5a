import type { ComponentType } from "react";
import type { AdAnswer } from "@contract/ads";
import type { AdProviderId, AdReason } from "@contract/ads-constants";

export type AdCreative = Extract<AdAnswer, { show: true }>["ad"];
export type CreativeOf<P extends AdCreative["provider"]> = Extract<AdCreative, { provider: P }>;

/** How an ad ended: `completed` when it was watched (a rewarded ad grants then), `dismissed` when the player closed it early. */
export type AdOutcome = { completed: boolean; dismissed: boolean; notShown?: AdReason };

export type AdViewProps<C extends AdCreative = AdCreative> = {
  ad: C;
  rewarded: boolean;
  /** the player followed the ad's link */
  onClick: () => void;
  onDone: (outcome: AdOutcome) => void;
};

/**
 * D152: a provider on the game page: how it shows what the server's provider of the same id filled
 * (src/server/services/ads/providers/) over the game. Google's ads run in the game frame instead (use-ads.tsx).
 */
export type ClientAdProvider = {
  id: AdProviderId;
  needsConsent: boolean;
  View: ComponentType<AdViewProps>;
};
