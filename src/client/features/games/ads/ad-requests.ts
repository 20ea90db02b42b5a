import { apiRequest } from "@/lib/api-client";
import type { AdAnswer } from "@contract/ads";
import type { AdPlacement } from "@contract/ads-constants";

/** How long the page waits for the server's decision before answering the game "no ad" (D151: 30 s in all). */
export const AD_DECISION_TIMEOUT_MS = 5_000;

/** POST /api/games/{id}/ads: the server's decision and, when it is yes, the ad. */
export async function requestAd(
  gameId: number,
  body: { playId: string; placement: AdPlacement; advertisingConsent: boolean },
): Promise<AdAnswer> {
  const res = await apiRequest("POST", `/api/games/${gameId}/ads`, body, {
    signal: AbortSignal.timeout(AD_DECISION_TIMEOUT_MS),
  });
  return (await res.json()) as AdAnswer;
}

/** POST /api/games/{id}/ads/events: counted for the reports (D153); best effort, a failure is only logged. */
export function reportAdEvent(
  gameId: number,
  body: { playId: string; placement: AdPlacement; event: "dismissal" | "reward" | "click" },
): void {
  apiRequest("POST", `/api/games/${gameId}/ads/events`, body, { keepalive: true }).catch((err: unknown) =>
    console.warn("Could not count the ad event", err),
  );
}
