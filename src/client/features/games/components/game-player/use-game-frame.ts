import { useCallback, useEffect, useRef, useState } from "react";
import { frameOrigin } from "../../sdk-v1-host";
import type { SdkV2Event } from "../../sdk-v2";

/** Spec §4: the frame takes the keyboard 1 s after the game starts, and after a reload. */
export const FRAME_FOCUS_DELAY_MS = 1000;

/**
 * The game's frame: which one is shown (Reload makes a new one), when it finished loading (for the time to the
 * first gameplay.start), and posting to it.
 */
export function useGameFrame(
  { frameUrl, externalUrl }: { frameUrl: string; externalUrl: string | null },
  playing: boolean,
) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [frameKey, setFrameKey] = useState(0);
  const frameKeyRef = useRef(0);
  /** When the frame now shown finished loading, and whether its first gameplay.start was reported. */
  const startTiming = useRef<{ loadedAt: number | null; reported: boolean }>({ loadedAt: null, reported: false });

  /** Posts an SDK v2 event to the game frame (v1 games ignore it), to the games origin only. */
  const postToGame = useCallback(
    (message: SdkV2Event) => {
      const origin = frameOrigin(frameUrl);
      const target = frameRef.current?.contentWindow;
      if (!origin || !target || externalUrl) return;
      target.postMessage(message, origin);
    },
    [frameUrl, externalUrl],
  );

  useEffect(() => {
    if (!playing) return;
    const focusTimer = setTimeout(() => frameRef.current?.focus(), FRAME_FOCUS_DELAY_MS);
    return () => clearTimeout(focusTimer);
  }, [playing]);

  function onFrameLoad() {
    startTiming.current = { loadedAt: performance.now(), reported: false };
  }

  /** A new frame in place of the one shown, which takes the keyboard too. */
  function replaceFrame() {
    frameKeyRef.current += 1;
    setFrameKey(frameKeyRef.current);
    setTimeout(() => frameRef.current?.focus(), FRAME_FOCUS_DELAY_MS);
  }

  return { frameRef, frameKey, frameKeyRef, startTiming, postToGame, onFrameLoad, replaceFrame };
}
