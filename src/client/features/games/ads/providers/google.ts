import type { AdPlacement, AdReason } from "@contract/ads-constants";

/** Google's adBreak types (its Ad Placement API): ours are the same words, a rewarded ad is `reward`. */
export type GoogleBreakType = "preroll" | "start" | "pause" | "next" | "browse" | "reward";

/** D152: our placement as Google's adBreak `type`. */
export function googleBreakType(placement: AdPlacement): GoogleBreakType {
  return placement;
}

/** What Google's placementInfo.breakStatus means for the game and the counts. */
export type GoogleOutcome = {
  answer: { shown: boolean; reason: AdReason } | { granted: boolean };
  /** the player closed a rewarded ad early (counted as a dismissal) */
  dismissed: boolean;
};

const NOT_SHOWN: Record<string, AdReason> = {
  notReady: "not_ready",
  timeout: "timeout",
  error: "error",
  noAdPreloaded: "no_fill",
  frequencyCapped: "frequency",
  ignored: "no_fill",
  other: "no_fill",
  invalid: "error",
};

/**
 * D151, D152: adBreakDone's breakStatus as our answer. `viewed` is an ad watched (a reward earned); `dismissed` an ad
 * shown and closed early (no reward); every other status is no ad, with the nearest of our reasons.
 */
export function googleOutcome(breakStatus: string, rewarded: boolean): GoogleOutcome {
  if (breakStatus === "viewed")
    return { answer: rewarded ? { granted: true } : { shown: true, reason: "shown" }, dismissed: false };
  if (breakStatus === "dismissed")
    return { answer: rewarded ? { granted: false } : { shown: true, reason: "shown" }, dismissed: true };
  const reason = NOT_SHOWN[breakStatus] ?? "error";
  return { answer: rewarded ? { granted: false } : { shown: false, reason }, dismissed: false };
}
