import { useEffect, useRef, useState } from "react";
import { muteEvent, settingsEvent, type GameSettings, type SdkV2Event } from "../../sdk-v2";

/** The sound control beside the frame (SDK v2 `mute` and `settings`), remembered in this browser. */
export const GAME_MUTED_STORAGE_KEY = "arcadium-game-muted";

function storedMuted(): boolean {
  try {
    return window.localStorage.getItem(GAME_MUTED_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The settings a game sees (init(), `settings` events): sound, language, reduced motion. A change is posted to the
 * game; the sound is the player's to toggle.
 */
export function useGameSettings(postToGame: (message: SdkV2Event) => void) {
  const [muted, setMuted] = useState(false);
  const settingsRef = useRef<GameSettings>({ muted: false, locale: "en", reducedMotion: false });

  // The stored sound setting is read once the page runs in the browser (the server renders "sound on").
  useEffect(() => setMuted(storedMuted()), []);

  useEffect(() => {
    const read = (): GameSettings => ({
      muted,
      locale: document.documentElement.lang || navigator.language || "en",
      reducedMotion: prefersReducedMotion(),
    });
    const previous = settingsRef.current;
    settingsRef.current = read();
    if (previous.muted !== muted) postToGame(muteEvent(muted));
    if (JSON.stringify(previous) !== JSON.stringify(settingsRef.current))
      postToGame(settingsEvent(settingsRef.current));
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const onChange = () => {
      settingsRef.current = read();
      postToGame(settingsEvent(settingsRef.current));
    };
    query.addEventListener?.("change", onChange);
    return () => query.removeEventListener?.("change", onChange);
  }, [muted, postToGame]);

  function toggleMuted() {
    const next = !muted;
    setMuted(next);
    try {
      window.localStorage.setItem(GAME_MUTED_STORAGE_KEY, String(next));
    } catch {
      // storage unavailable: the setting lasts for this page
    }
  }

  return { muted, toggleMuted, settingsRef };
}
