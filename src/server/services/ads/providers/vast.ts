import type { AdProvider, CspSources } from "./types";

/**
 * While a VAST tag is set: the page fetches the tag (connect-src its origin) and plays the video it names, from
 * whichever host the ad server chose (media-src https:, which can run nothing; the tag's own origin too, for a
 * plain-http tag on a local network). Tracking pixels are images (img-src already allows https:).
 */
export function vastCsp(tagUrl: string): CspSources {
  let origin: string;
  try {
    origin = new URL(tagUrl).origin;
  } catch {
    return {};
  }
  return { "connect-src": [origin], "media-src": ["'self'", "https:", origin] };
}

/** D152: a VAST tag. The player's browser asks it for the ad (ADR 033): the fill names the tag, the page does the rest. */
export const vastProvider: AdProvider = {
  id: "vast",
  needsConsent: true,
  cspSources: (settings) => (settings.vastTagUrl ? vastCsp(settings.vastTagUrl) : {}),
  async fill(_db, { settings }) {
    if (!settings.vastTagUrl) return null;
    return { provider: "vast", id: 0, tagUrl: settings.vastTagUrl };
  },
};
