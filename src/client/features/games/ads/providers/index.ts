import type { AdProviderId } from "@contract/ads-constants";
import { houseAds } from "./house";
import type { ClientAdProvider } from "./types";

/** D152: the page's half of each provider that shows something ("none" never does). */
export const CLIENT_AD_PROVIDERS: Partial<Record<AdProviderId, ClientAdProvider>> = {
  house: houseAds,
};
