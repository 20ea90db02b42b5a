import { useEffect } from "react";
import { pauseEvent, type SdkV2Event } from "../../sdk-v2";

/** A dialog of the page (Radix portals them into <body>) covers the game: it is paused meanwhile (SDK v2 `pause`). */
const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';

/**
 * SDK v2 pause/resume: while the page is hidden or one of its dialogs covers the game.
 * Saves waiting to be sent go out when the page is hidden and when the game closes (D76).
 */
export function usePauseWhenHidden({
  active,
  postToGame,
  flushSaves,
}: {
  active: boolean;
  postToGame: (message: SdkV2Event) => void;
  flushSaves: () => void;
}) {
  useEffect(() => {
    if (!active) return;
    let paused = false;
    const update = () => {
      const next = document.visibilityState === "hidden" || document.querySelector(DIALOG_SELECTOR) !== null;
      if (next !== paused) {
        paused = next;
        postToGame(pauseEvent(paused));
      }
      if (document.visibilityState === "hidden") flushSaves();
    };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["role"] });
    document.addEventListener("visibilitychange", update);
    return () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", update);
      flushSaves();
    };
  }, [active, postToGame, flushSaves]);
}
