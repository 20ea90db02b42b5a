import type { ConsentChoice, ConsentPurpose } from "@contract/consent-constants";

/**
 * D150 consent, as this browser holds it. Other code asks only `hasConsent(purpose)` and `onConsentChange`.
 *
 * Contract:
 * - Storage: the spec's key `cookieConsent` keeps its values, "all" (Accept All) and "essential" (Essential
 *   Only), plus "custom" for a mix chosen in the settings dialog; `cookieConsentPurposes` holds
 *   `{statistics, advertising, at}` (`at`: when the choice was made, ms). A stored "all" or "essential" without
 *   its purposes (the earlier format) reads as both purposes on or off, made at time 0, so an account's choice is
 *   newer; it is written in the new format when read.
 * - `hasConsent(purpose)` is false until a choice allows it (nothing stored, storage unavailable, an unknown value:
 *   false). While a consent tool (IAB TCF) is configured, the tool's answer is used instead (`setToolConsent`).
 * - `onConsentChange(listener)` calls the listener with the new choice after each change made in this tab, by
 *   the account's choice, by the consent tool, or in another tab (the storage event); it returns the unsubscribe.
 */
export type { ConsentChoice, ConsentPurpose };

/** Spec §2: the value kept under `cookieConsent` ("custom" for a mix of purposes, D150). */
export type CookieConsent = "all" | "essential" | "custom";
export const COOKIE_CONSENT_KEY = "cookieConsent";
export const CONSENT_PURPOSES_KEY = "cookieConsentPurposes";

export const ALL_ON: ConsentChoice = { statistics: true, advertising: true };
export const ALL_OFF: ConsentChoice = { statistics: false, advertising: false };

/** A stored choice and when it was made (ms since 1970; 0 when not known). */
export type StoredConsent = { choice: ConsentChoice; at: number };

type Listener = (choice: ConsentChoice | null) => void;
const listeners = new Set<Listener>();
/** A choice made while storage is unavailable: kept in memory for this visit. */
let sessionChoice: StoredConsent | null = null;
/** The consent tool's answer while one is configured (undefined: no tool; null: the tool has no answer yet). */
let toolChoice: ConsentChoice | null | undefined;

function valueOf(choice: ConsentChoice): CookieConsent {
  if (choice.statistics && choice.advertising) return "all";
  if (!choice.statistics && !choice.advertising) return "essential";
  return "custom";
}

function parsePurposes(text: string | null): StoredConsent | null {
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Record<string, unknown>;
    if (typeof data.statistics !== "boolean" || typeof data.advertising !== "boolean") return null;
    const at = typeof data.at === "number" && Number.isFinite(data.at) ? data.at : 0;
    return { choice: { statistics: data.statistics, advertising: data.advertising }, at };
  } catch {
    return null;
  }
}

function write(stored: StoredConsent): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, valueOf(stored.choice));
    window.localStorage.setItem(CONSENT_PURPOSES_KEY, JSON.stringify({ ...stored.choice, at: stored.at }));
  } catch {
    // storage unavailable: the choice holds for this visit only (listeners still hear it)
  }
}

/** The choice stored in this browser, or null when none is (the notice is then shown). */
export function readStoredConsent(): StoredConsent | null {
  let value: string | null;
  let purposes: string | null;
  try {
    value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    purposes = window.localStorage.getItem(CONSENT_PURPOSES_KEY);
  } catch {
    return sessionChoice;
  }
  const detail = parsePurposes(purposes);
  if (value === "custom") return detail && valueOf(detail.choice) === "custom" ? detail : null;
  if (value !== "all" && value !== "essential") return null;
  const choice = value === "all" ? ALL_ON : ALL_OFF;
  if (detail && valueOf(detail.choice) === value) return detail;
  // The earlier format (or purposes that disagree with the spec's value, which wins): migrated as made at time 0.
  const migrated = { choice, at: 0 };
  write(migrated);
  return migrated;
}

/** The spec's value of the stored choice ("all", "essential", "custom"), or null. */
export function readCookieConsent(): CookieConsent | null {
  const stored = readStoredConsent();
  return stored ? valueOf(stored.choice) : null;
}

/** Stores a choice made now (or at `at`, the account's time) and tells the listeners. */
export function storeConsent(choice: ConsentChoice, at = Date.now()): void {
  const stored = { choice: { statistics: choice.statistics, advertising: choice.advertising }, at };
  sessionChoice = stored;
  write(stored);
  notify();
}

/** Spec §2: 'Accept All' stores all, 'Essential Only' stores essential. */
export function storeCookieConsent(value: "all" | "essential"): void {
  storeConsent(value === "all" ? ALL_ON : ALL_OFF);
}

function currentChoice(): ConsentChoice | null {
  if (toolChoice !== undefined) return toolChoice;
  return readStoredConsent()?.choice ?? null;
}

/** Whether `purpose` may be used now. */
export function hasConsent(purpose: "statistics" | "advertising"): boolean {
  return currentChoice()?.[purpose] === true;
}

/** Calls `listener` after every change of the choice; returns the unsubscribe. */
export function onConsentChange(listener: (choice: ConsentChoice | null) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function notify(): void {
  const choice = currentChoice();
  for (const listener of [...listeners]) {
    try {
      listener(choice);
    } catch {
      // one listener's fault does not keep the others from hearing the change
    }
  }
}

/** While a consent tool is configured, its answer decides (null until it has one; undefined: no tool). */
export function setToolConsent(choice: ConsentChoice | null | undefined): void {
  toolChoice = choice;
  notify();
}

// Another tab's choice holds here too.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === COOKIE_CONSENT_KEY || event.key === CONSENT_PURPOSES_KEY || event.key === null) notify();
  });
}

/** The footer's "Cookie settings" asks the notice to open its settings (the notice listens). */
const settingsRequests = new Set<() => void>();
export function openConsentSettings(): void {
  for (const open of [...settingsRequests]) open();
}
export function onConsentSettingsRequest(open: () => void): () => void {
  settingsRequests.add(open);
  return () => {
    settingsRequests.delete(open);
  };
}
