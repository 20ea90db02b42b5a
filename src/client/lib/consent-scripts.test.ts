import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addConsentScript, startConsentScripts } from "./consent-scripts";
import { storeConsent } from "./cookie-consent";

const injected = () => [...document.querySelectorAll<HTMLScriptElement>("script[data-consent]")].map((s) => s.src);
const consentCommands = () =>
  ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
    .map((args) => [...args])
    .filter((a) => a[0] === "consent");

describe("consent-gated scripts and Google Consent Mode (D150)", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it("sets Consent Mode's defaults (all denied but security) before any script, and updates on each choice", () => {
    startConsentScripts();
    expect(consentCommands()).toEqual([
      [
        "consent",
        "default",
        {
          ad_storage: "denied",
          ad_user_data: "denied",
          ad_personalization: "denied",
          analytics_storage: "denied",
          security_storage: "granted",
        },
      ],
    ]);
    storeConsent({ statistics: true, advertising: false });
    expect(consentCommands().at(-1)).toEqual([
      "consent",
      "update",
      { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "granted" },
    ]);
    storeConsent({ statistics: true, advertising: true });
    expect(consentCommands().at(-1)).toEqual([
      "consent",
      "update",
      { ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted", analytics_storage: "granted" },
    ]);
    // the gtag function pushes `arguments`, as Google's tag reads them
    expect(Object.prototype.toString.call((window as unknown as { dataLayer: unknown[] }).dataLayer[0])).toBe(
      "[object Arguments]",
    );
  });

  it("injects a script only once its purpose is allowed, once, and reloads when that consent is withdrawn", () => {
    storeConsent({ statistics: false, advertising: false });
    addConsentScript("statistics", "https://stats.example/s.js");
    addConsentScript("advertising", "https://ads.example/a.js");
    expect(injected()).toEqual([]);
    storeConsent({ statistics: false, advertising: true });
    expect(injected()).toEqual(["https://ads.example/a.js"]);
    storeConsent({ statistics: true, advertising: true });
    addConsentScript("statistics", "https://stats.example/s.js");
    expect(injected()).toEqual(["https://ads.example/a.js", "https://stats.example/s.js"]);

    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    storeConsent({ statistics: true, advertising: false });
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it("a script forgotten before consent is never injected", () => {
    storeConsent({ statistics: false, advertising: false });
    const forget = addConsentScript("statistics", "https://other.example/late.js");
    forget();
    storeConsent({ statistics: true, advertising: true });
    expect(injected()).not.toContain("https://other.example/late.js");
  });
});
