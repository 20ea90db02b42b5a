import type { ComponentType } from "react";
import type { AdAnswer } from "@contract/ads";
import type { AdProviderId } from "@contract/ads-constants";

export type AdCreative = Extract<AdAnswer, { show: true }>["ad"];

/** How an ad ended: `completed` when it was watched (a rewarded ad grants then), `dismissed` when the player closed it early. */
export type AdOutcome = { completed: boolean; dismissed: boolean };

export type AdViewProps = {
  ad: AdCreative;
  rewarded: boolean;
  /** the player followed the ad's link */
  onClick: () => void;
  onDone: (outcome: AdOutcome) => void;
};

/**
 * D152: a provider on the game page: how it shows what the server's provider of the same id filled
 * (src/server/services/ads/providers/). Google H5 Games Ads and VAST are a file each here too.
 */
export type ClientAdProvider = {
  id: AdProviderId;
  needsConsent: boolean;
  View: ComponentType<AdViewProps>;
};
