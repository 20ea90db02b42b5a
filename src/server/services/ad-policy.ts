/**
 * D153: whether a game page may show an ad now.
 *
 * Contract:
 * - Pure: the caller passes the settings (from the database, never from the game frame), the facts about the game
 *   and the page's session, and the time. No database, no HTTP, no clock of its own.
 * - No ad in school mode, on a game whose ads are switched off, or without a provider.
 * - A break (preroll, start, pause, next, browse) waits `firstAdAfterSeconds` from the session's start and
 *   `minSecondsBetweenAds` after the session's last ad. A rewarded ad is the player's own choice: those two limits
 *   do not apply to it, but it counts as the session's last ad.
 * - When no ad may be shown, a rewarded ad answers `rewardWhenOff` ("grant" or "refuse").
 */
import type { AdPlacement, AdProviderId, AdReason } from "../../contract/ads-constants";

export type AdPolicySettings = {
  provider: AdProviderId;
  firstAdAfterSeconds: number;
  minSecondsBetweenAds: number;
  rewardWhenOff: "grant" | "refuse";
  gamesOff: readonly number[];
};

export type AdPolicyInput = {
  settings: AdPolicySettings;
  schoolMode: boolean;
  gameId: number;
  placement: AdPlacement;
  /** when the page's session began (its first play) */
  sessionStartedAt: Date;
  /** the session's last ad, null before its first */
  lastAdAt: Date | null;
  now: Date;
};

export type AdPolicyDecision =
  | { allowed: true }
  | { allowed: false; reason: Exclude<AdReason, "shown" | "no_fill" | "timeout" | "error" | "not_in_frame"> };

export function decideAd(input: AdPolicyInput): AdPolicyDecision {
  const { settings, now } = input;
  if (input.schoolMode) return { allowed: false, reason: "school_mode" };
  if (settings.gamesOff.includes(input.gameId)) return { allowed: false, reason: "game_off" };
  if (settings.provider === "none") return { allowed: false, reason: "no_provider" };
  if (input.placement === "reward") return { allowed: true };
  if (now.getTime() - input.sessionStartedAt.getTime() < settings.firstAdAfterSeconds * 1000)
    return { allowed: false, reason: "too_soon" };
  if (input.lastAdAt && now.getTime() - input.lastAdAt.getTime() < settings.minSecondsBetweenAds * 1000)
    return { allowed: false, reason: "frequency" };
  return { allowed: true };
}

/** Whether a rewarded ad that could not be shown grants its reward (the setting; D153). */
export function rewardWithoutAd(settings: Pick<AdPolicySettings, "rewardWhenOff">): boolean {
  return settings.rewardWhenOff === "grant";
}
