import type { AdProvider, CspSources } from "./types";

/**
 * The hosts Google's display units (an `<ins class="adsbygoogle">` on the site's pages) load from and frame. The game
 * frame's own ads need none of them on the site: they run on the games origin, whose policy restricts only framing.
 */
export const GOOGLE_AD_CSP: CspSources = {
  "script-src": [
    "https://pagead2.googlesyndication.com",
    "https://tpc.googlesyndication.com",
    "https://googleads.g.doubleclick.net",
    "https://ep2.adtrafficquality.google",
  ],
  "frame-src": [
    "https://googleads.g.doubleclick.net",
    "https://tpc.googlesyndication.com",
    "https://www.google.com",
    "https://ep2.adtrafficquality.google",
  ],
  "connect-src": ["https://pagead2.googlesyndication.com", "https://ep1.adtrafficquality.google"],
};

/**
 * D152: Google H5 Games Ads. The server decides whether (policy, consent), Google decides what: the fill is the tag's
 * settings, which the page hands to the game frame, where the SDK loads Google's tag and calls adBreak (sdk/v2.js).
 */
export const googleProvider: AdProvider = {
  id: "google",
  needsConsent: true,
  cspSources: () => GOOGLE_AD_CSP,
  async fill(_db, { settings }) {
    if (!settings.googleClientId) return null;
    return {
      provider: "google",
      id: 0,
      clientId: settings.googleClientId,
      frequencyHint: `${settings.googleFrequencyHintSeconds}s`,
      testMode: settings.googleTestMode,
    };
  },
};
