import { readCookieConsent } from "@/lib/cookie-consent";

/**
 * D152: whether the player agreed to advertising. The one place ads ask; it becomes hasConsent("advertising") once
 * the cookie notice keeps consent per purpose. House ads need none (no cookie, nothing from another site).
 */
export function adsConsentGiven(): boolean {
  return readCookieConsent() === "all";
}
