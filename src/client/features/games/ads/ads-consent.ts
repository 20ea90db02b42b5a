import { hasConsent } from "@/lib/cookie-consent";

/**
 * D152: whether the player agreed to advertising (D150's purpose, or the configured consent tool's answer). The one
 * place ads ask. House ads need none (no cookie, nothing from another site).
 */
export function adsConsentGiven(): boolean {
  return hasConsent("advertising");
}
