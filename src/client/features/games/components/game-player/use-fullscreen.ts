import { useEffect, useRef, useState } from "react";

/** Spec §4: fullscreen is tried 1.5 s after the game starts. */
export const FRAME_FULLSCREEN_DELAY_MS = 1500;

/**
 * The player's wrapper in fullscreen, toolbar included: tried once the game starts (a refusal is only logged),
 * toggled by the toolbar's button. `isFullscreen` follows the browser (Esc leaves fullscreen too).
 */
export function useFullscreen(playing: boolean) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [isFullscreen, setIsFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  useEffect(() => {
    if (!playing) return;
    const fullscreenTimer = setTimeout(() => {
      const el = containerRef.current;
      if (!el || typeof el.requestFullscreen !== "function" || document.fullscreenElement) return;
      el.requestFullscreen().catch((err: unknown) => console.warn("Fullscreen request failed", err));
    }, FRAME_FULLSCREEN_DELAY_MS);
    return () => clearTimeout(fullscreenTimer);
  }, [playing]);

  function toggleFullscreen() {
    const el = containerRef.current;
    if (!el) return;
    const action = document.fullscreenElement ? document.exitFullscreen() : el.requestFullscreen?.();
    Promise.resolve(action).catch((err: unknown) => console.warn("Fullscreen toggle failed", err));
  }

  return { containerRef, isFullscreen, toggleFullscreen };
}
