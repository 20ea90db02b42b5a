import type { AdProvider } from "./types";

/** D152: the default. Never fills; the policy answers "no_provider" before it is asked. */
export const noneProvider: AdProvider = {
  id: "none",
  needsConsent: false,
  cspSources: () => ({}),
  fill: async () => null,
};
