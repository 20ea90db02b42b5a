import { useEffect, useRef, type RefObject } from "react";
import { apiRequest } from "@/lib/api-client";
import { createGameplayReporter, type GameplayReporter, type GameplaySend } from "../../gameplay-reporter";

/** D86: one gameplay report of the player's play (gameplay-reporter.ts decides when). */
const sendGameplay =
  (gameId: number): GameplaySend =>
  (playId, state, { keepalive }) =>
    apiRequest("POST", `/api/games/${gameId}/plays/${playId}/gameplay`, { state }, { keepalive });

/**
 * D86: while the frame is shown, the gameplay it reports is timed on the server while the page is visible, for the
 * player's playtime. Holds the reporter of the frame now shown (null while none is).
 */
export function useGameplayReporter(active: boolean, gameId: number, userRef: RefObject<unknown>) {
  const gameplay = useRef<GameplayReporter | null>(null);
  useEffect(() => {
    if (!active) return;
    const reporter = createGameplayReporter({ signedIn: () => userRef.current !== null, send: sendGameplay(gameId) });
    gameplay.current = reporter;
    const onVisibility = () => reporter.setVisible(document.visibilityState !== "hidden");
    const onPageHide = () => reporter.pageHidden();
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onVisibility);
      reporter.close();
      gameplay.current = null;
    };
  }, [active, gameId, userRef]);
  return gameplay;
}
