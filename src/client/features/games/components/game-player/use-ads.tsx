import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { AD_SETTLE_MS, type AdPlacement, type AdReason } from "@contract/ads-constants";
import { requestAd, reportAdEvent } from "../../ads/ad-requests";
import { adsConsentGiven } from "../../ads/ads-consent";
import { CLIENT_AD_PROVIDERS } from "../../ads/providers";
import { googleBreakType, googleOutcome } from "../../ads/providers/google";
import type { AdCreative, AdOutcome } from "../../ads/providers/types";
import type { AdFrameReport, AdsSdkRequest, GameSettings, SdkV2Event } from "../../sdk-v2";
import { adFrameEvent, adStartEvent, muteEvent, pauseEvent } from "../../sdk-v2";
import type { PlaySessions } from "./use-play-session";

export type AdsAnswer = { shown: boolean; reason: AdReason } | { granted: boolean };

/** The page answers a little before the SDK gives up (AD_SETTLE_MS), so the game hears the real outcome. */
const PAGE_DEADLINE_MS = AD_SETTLE_MS - 2_000;

/** An ad the game frame runs itself (Google), waiting for its ads.frame reports. */
type FrameAd = { before: () => void; after: () => void; done: (breakStatus: string) => void };

type Showing = {
  ad: AdCreative;
  placement: AdPlacement;
  finish: (outcome: AdOutcome | null) => void;
};

/**
 * D151: the page's side of Arcadium.ads. Asks the server (which decides, D153), shows the ad over the game with its
 * provider's view, and answers the game. While an ad shows, the game is muted here and paused by
 * usePauseWhenHidden (the ad is a dialog); afterwards it gets the player's own sound setting back. Every request is
 * answered before PAGE_DEADLINE_MS; a reloaded frame or a closed player ends the ad at once.
 */
export function useAds({
  active,
  gameId,
  frameKey,
  sessions,
  postToGame,
  settingsRef,
}: {
  active: boolean;
  gameId: number;
  frameKey: number;
  sessions: PlaySessions;
  postToGame: (message: SdkV2Event) => void;
  settingsRef: { current: GameSettings };
}) {
  const [showing, setShowing] = useState<Showing | null>(null);
  const showingRef = useRef<Showing | null>(null);
  // D153: the page's session is its first play: the server times the first minute and the gaps from it
  const sessionPlay = useRef<Promise<string | null> | null>(null);
  useEffect(() => {
    sessionPlay.current = null;
  }, [gameId]);

  const frameAds = useRef(new Map<string, FrameAd>());
  // a reloaded frame or a closed player: the ad it asked for ends now
  useEffect(
    () => () => {
      showingRef.current?.finish(null);
      for (const ad of [...frameAds.current.values()]) ad.done("error");
    },
    [frameKey, active],
  );

  const sessionId = useCallback(() => {
    if (!sessionPlay.current) {
      const id = sessions.currentPlayId() ?? sessions.forRound()?.playId ?? null;
      if (!id) return Promise.resolve(null);
      sessionPlay.current = id;
    }
    return sessionPlay.current;
  }, [sessions]);

  const handle = useCallback(
    async (request: AdsSdkRequest, requestId: string, toGame: (event: SdkV2Event) => void): Promise<AdsAnswer> => {
      const placement: AdPlacement = request.type === "ads.reward" ? "reward" : request.placement;
      const rewarded = placement === "reward";
      const noAd = (reason: AdReason, granted = false): AdsAnswer =>
        rewarded ? { granted } : { shown: false, reason };
      if (showingRef.current || frameAds.current.size) return noAd("frequency");
      const playId = await sessionId().catch(() => null);
      if (!playId) return noAd("error");
      let answer;
      try {
        answer = await requestAd(gameId, { playId, placement, advertisingConsent: adsConsentGiven() });
      } catch (err) {
        console.warn("Could not ask for an ad", err);
        return noAd("error");
      }
      if (!answer.show) return noAd(answer.reason, answer.granted);
      const ad = answer.ad;
      if (ad.provider === "google") {
        // D152: Google's tag runs in the game frame; the frame tells how the break went (ads.frame)
        const breakStatus = await new Promise<string>((resolve) => {
          let paused = false;
          const restore = () => {
            if (!paused) return;
            paused = false;
            postToGame(pauseEvent(false));
            postToGame(muteEvent(settingsRef.current.muted));
          };
          const current: FrameAd = {
            before: () => {
              paused = true;
            },
            after: restore,
            done: (status) => {
              if (frameAds.current.get(requestId) !== current) return;
              frameAds.current.delete(requestId);
              clearTimeout(deadline);
              restore();
              resolve(status);
            },
          };
          const deadline = setTimeout(() => current.done("timeout"), PAGE_DEADLINE_MS);
          frameAds.current.set(requestId, current);
          toGame(
            adFrameEvent({
              id: requestId,
              provider: "google",
              type: googleBreakType(placement),
              name: placement,
              clientId: ad.clientId,
              frequencyHint: ad.frequencyHint,
              testMode: ad.testMode,
              muted: settingsRef.current.muted,
            }),
          );
        });
        const result = googleOutcome(breakStatus, rewarded);
        if (result.dismissed) reportAdEvent(gameId, { playId, placement, event: "dismissal" });
        if ("granted" in result.answer && result.answer.granted)
          reportAdEvent(gameId, { playId, placement, event: "reward" });
        return result.answer;
      }
      const provider = CLIENT_AD_PROVIDERS[ad.provider];
      if (!provider) return noAd("error");

      const outcome = await new Promise<AdOutcome | null>((resolve) => {
        const deadline = setTimeout(() => current.finish(null), PAGE_DEADLINE_MS);
        const current: Showing = {
          ad,
          placement,
          finish: (result) => {
            if (showingRef.current !== current) return;
            clearTimeout(deadline);
            showingRef.current = null;
            setShowing(null);
            postToGame(muteEvent(settingsRef.current.muted));
            resolve(result);
          },
        };
        showingRef.current = current;
        setShowing(current);
        postToGame(muteEvent(true));
        toGame(adStartEvent(requestId));
      });
      if (outcome?.notShown) return noAd(outcome.notShown);
      if (outcome?.dismissed) reportAdEvent(gameId, { playId, placement, event: "dismissal" });
      const granted = rewarded && outcome?.completed === true;
      if (granted) reportAdEvent(gameId, { playId, placement, event: "reward" });
      return rewarded ? { granted } : { shown: true, reason: "shown" };
    },
    [gameId, postToGame, sessionId, settingsRef],
  );

  let view: ReactNode = null;
  if (showing && active) {
    const provider = CLIENT_AD_PROVIDERS[showing.ad.provider];
    const current = showing;
    const playId = sessionPlay.current;
    view = provider ? (
      <provider.View
        key={`${frameKey}-${current.ad.id}`}
        ad={current.ad}
        rewarded={current.placement === "reward"}
        onClick={() => {
          void playId?.then(
            (id) => id && reportAdEvent(gameId, { playId: id, placement: current.placement, event: "click" }),
          );
        }}
        onDone={(outcome) => current.finish(outcome)}
      />
    ) : null;
  }
  const handleFrame = useCallback((report: AdFrameReport) => {
    const ad = frameAds.current.get(report.id);
    if (!ad) return;
    if (report.stage === "before") ad.before();
    else if (report.stage === "after") ad.after();
    else ad.done(report.breakStatus);
  }, []);

  return { handleAdRequest: handle, handleAdFrame: handleFrame, adView: view };
}
