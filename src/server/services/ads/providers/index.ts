import type { AdProviderId } from "../../../../contract/ads-constants";
import { houseProvider } from "./house";
import { noneProvider } from "./none";
import type { AdProvider, CspDirective } from "./types";

/** D152: every provider by id. A new network is a new file here and one line below. */
export const AD_PROVIDER_MODULES: Record<AdProviderId, AdProvider> = {
  none: noneProvider,
  house: houseProvider(),
};

/** The outside sources the CSP must add while `id` is the provider: none for the site's own. */
export function adCspSources(id: AdProviderId): Partial<Record<CspDirective, readonly string[]>> {
  return AD_PROVIDER_MODULES[id].cspSources;
}
