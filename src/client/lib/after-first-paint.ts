/**
 * Resolves once the browser has painted the current document (the frame after the next animation frame), or
 * at once in a hidden tab (no frames are drawn there; waiting would leave the page unhydrated until it is
 * shown). main.tsx hydrates a server-rendered page after it.
 */
export function afterFirstPaint(): Promise<void> {
  if (
    typeof document === "undefined" ||
    document.visibilityState === "hidden" ||
    typeof requestAnimationFrame !== "function"
  )
    return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
