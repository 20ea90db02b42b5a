import { hasConsent, onConsentChange, type ConsentChoice, type ConsentPurpose } from "./cookie-consent";

/**
 * D150: the one place where scripts that need consent are added to the page, and Google Consent Mode v2.
 *
 * Contract:
 * - `addConsentScript(purpose, src)` injects `<script async src>` once `hasConsent(purpose)` is true (at once, or
 *   when the choice changes to allow it), and never before. The same address is added once. It returns a
 *   function that forgets the script if it has not been injected yet.
 * - A script cannot be unloaded: when consent for a purpose whose script has run is withdrawn, the page reloads,
 *   so that it runs no more.
 * - Google Consent Mode v2: before the first script is injected (and whenever this module starts), the
 *   `dataLayer` gets `gtag('consent','default',…)` with every storage denied but security_storage, then
 *   `gtag('consent','update',…)` from the stored choice, and again on each change. No inline script: the
 *   site's CSP allows none (services/page-template.ts), and no Google tag can load before this runs, since
 *   every consent-gated script goes through here.
 */
type Gated = { purpose: ConsentPurpose; src: string; injected: boolean };
const gated = new Map<string, Gated>();
let started = false;

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

function gtag(..._args: unknown[]): void {
  const w = window as GtagWindow;
  w.dataLayer = w.dataLayer ?? [];
  // gtag.js reads its commands as `arguments` objects, not arrays
  // eslint-disable-next-line prefer-rest-params
  w.dataLayer.push(arguments);
}

function consentModeState(choice: ConsentChoice | null) {
  const ads = choice?.advertising ? "granted" : "denied";
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: choice?.statistics ? "granted" : "denied",
  };
}

function start(): void {
  if (started) return;
  started = true;
  const w = window as GtagWindow;
  if (!w.gtag) w.gtag = gtag;
  gtag("consent", "default", {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "denied",
    security_storage: "granted",
  });
  const initial: ConsentChoice = { statistics: hasConsent("statistics"), advertising: hasConsent("advertising") };
  if (initial.statistics || initial.advertising) gtag("consent", "update", consentModeState(initial));
  let previous = initial;
  onConsentChange((choice) => {
    const now = { statistics: choice?.statistics === true, advertising: choice?.advertising === true };
    gtag("consent", "update", consentModeState(choice));
    const withdrawn = [...gated.values()].some((s) => s.injected && previous[s.purpose] && !now[s.purpose]);
    previous = now;
    if (withdrawn) {
      window.location.reload();
      return;
    }
    injectAllowed();
  });
}

function injectAllowed(): void {
  for (const script of gated.values()) {
    if (script.injected || !hasConsent(script.purpose)) continue;
    script.injected = true;
    const el = document.createElement("script");
    el.async = true;
    el.src = script.src;
    el.dataset.consent = script.purpose;
    document.head.appendChild(el);
  }
}

/** Starts Consent Mode and the listener without adding a script (the public layout calls it once hydrated). */
export function startConsentScripts(): void {
  start();
}

export function addConsentScript(purpose: ConsentPurpose, src: string): () => void {
  start();
  const existing = gated.get(src);
  if (!existing) gated.set(src, { purpose, src, injected: false });
  injectAllowed();
  return () => {
    const script = gated.get(src);
    if (script && !script.injected) gated.delete(src);
  };
}
