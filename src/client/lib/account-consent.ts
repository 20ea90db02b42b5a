import type { AccountConsent, ConsentChoice } from "@contract/consent-constants";
import { apiRequest, getJson } from "./api-client";
import { readStoredConsent, storeConsent } from "./cookie-consent";

/**
 * D150: the cookie choice kept on a signed-in player's account, so that another browser of theirs starts from it.
 *
 * Contract:
 * - `saveAccountConsent(choice)` stores a choice just made (PUT /api/me/consent) and takes the server's time of
 *   it as this browser's, so the two compare equal afterwards. A failure leaves the browser's choice as it is.
 * - `syncAccountConsent(userId)`, once per page and player: when this browser has no choice the account's applies;
 *   when both have one the later wins (the account's is applied here, or this browser's is saved there).
 * - Checked by hand, not with the contract's zod schema: this runs on every public page (D73).
 */
function toAccountConsent(data: unknown): AccountConsent | null {
  if (!data || typeof data !== "object") return null;
  const { choice, decidedAt } = data as Record<string, unknown>;
  if (choice === null) return { choice: null, decidedAt: null };
  if (!choice || typeof choice !== "object" || typeof decidedAt !== "string") return null;
  const { statistics, advertising } = choice as Record<string, unknown>;
  if (typeof statistics !== "boolean" || typeof advertising !== "boolean") return null;
  return { choice: { statistics, advertising }, decidedAt };
}

export async function saveAccountConsent(choice: ConsentChoice): Promise<void> {
  try {
    const res = await apiRequest("PUT", "/api/me/consent", choice);
    const saved = toAccountConsent(await res.json());
    const at = saved?.decidedAt ? Date.parse(saved.decidedAt) : NaN;
    const local = readStoredConsent();
    // Only when no other choice was made in the meantime.
    if (saved?.choice && Number.isFinite(at) && local && sameChoice(local.choice, saved.choice))
      storeConsent(saved.choice, at);
  } catch {
    // signed out meanwhile, or offline: the next page's sync saves it
  }
}

const synced = new Set<number>();

export async function syncAccountConsent(userId: number): Promise<void> {
  if (synced.has(userId)) return;
  synced.add(userId);
  let account: AccountConsent | null;
  try {
    account = toAccountConsent(await getJson<unknown>("/api/me/consent"));
  } catch {
    synced.delete(userId);
    return;
  }
  if (!account) return;
  const local = readStoredConsent();
  const accountAt = account.decidedAt ? Date.parse(account.decidedAt) : NaN;
  if (account.choice && Number.isFinite(accountAt) && (!local || local.at < accountAt)) {
    storeConsent(account.choice, accountAt);
  } else if (local && (!account.choice || local.at > accountAt)) {
    await saveAccountConsent(local.choice);
  }
}

function sameChoice(a: ConsentChoice, b: ConsentChoice): boolean {
  return a.statistics === b.statistics && a.advertising === b.advertising;
}

/** Tests: forget which players were synced. */
export function resetAccountConsentSync(): void {
  synced.clear();
}
