let preloaded: Promise<void> | undefined;

/** Loads every screen and part of the app once per module graph (a test worker's, when its files share modules). */
export function preloadScreensOnce(): Promise<void> {
  preloaded ??= (async () => {
    const { preloadAll } = await import("@/lib/lazy-component");
    await import("@/app/router");
    await preloadAll();
  })();
  return preloaded;
}
