import type { AdProviderId } from "../../../../contract/ads-constants";
import { googleProvider } from "./google";
import { houseProvider } from "./house";
import { noneProvider } from "./none";
import type { AdProvider, AdProviderSettings, CspSources } from "./types";
import { vastProvider } from "./vast";

/** D152: every provider by id. A new network is a new file here and one line below. */
export const AD_PROVIDER_MODULES: Record<AdProviderId, AdProvider> = {
  none: noneProvider,
  house: houseProvider(),
  google: googleProvider,
  vast: vastProvider,
};

/** D153: the outside sources the site's CSP must add while `provider` is on: none for the site's own. */
export function adCspSources(settings: AdProviderSettings & { provider: AdProviderId }): CspSources {
  return AD_PROVIDER_MODULES[settings.provider].cspSources(settings);
}
