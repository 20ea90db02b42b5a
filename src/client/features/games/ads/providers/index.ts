import type { AdProviderId } from "@contract/ads-constants";
import { houseAds } from "./house";
import type { ClientAdProvider } from "./types";
import { vastAds } from "./vast";

/** D152: the page's half of each provider that shows something over the game ("none" never does; Google runs in the frame). */
export const CLIENT_AD_PROVIDERS: Partial<Record<AdProviderId, ClientAdProvider>> = {
  house: houseAds,
  vast: vastAds,
};
