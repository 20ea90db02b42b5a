import { afterEach, describe, expect, it } from "vitest";
import { storeConsent } from "@/lib/cookie-consent";
import { adsConsentGiven } from "./ads-consent";

describe("ads ask for the advertising purpose only (D150, D152)", () => {
  afterEach(() => localStorage.clear());

  it("follows the advertising choice, whatever statistics says", () => {
    expect(adsConsentGiven()).toBe(false);
    storeConsent({ statistics: true, advertising: false });
    expect(adsConsentGiven()).toBe(false);
    storeConsent({ statistics: false, advertising: true });
    expect(adsConsentGiven()).toBe(true);
  });
});
