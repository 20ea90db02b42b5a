/** Cookie notice (spec §2): consent is 'all' or 'essential', kept under localStorage key cookieConsent. */
export type CookieConsent = "all" | "essential";
export const COOKIE_CONSENT_KEY = "cookieConsent";

export function readCookieConsent(): CookieConsent | null {
  try {
    const v = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return v === "all" || v === "essential" ? v : null;
  } catch {
    return null;
  }
}

export function storeCookieConsent(value: CookieConsent): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    // storage unavailable: the notice is hidden for this visit only
  }
}
