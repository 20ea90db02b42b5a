// D7: end-to-end tests and screenshots use the system Chromium, never a downloaded browser.
import fs from "node:fs";

// Debian's headless shell first: the same Chromium built without the desktop browser around it, it runs the
// end-to-end suite in about 0.7 of the time of the full browser in headless mode (bench/RESULTS.md).
export const CANDIDATES = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fs.existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
}

/** Flags for a headless Chromium on a machine with a closed network (see the env notes). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-features=Translate,OptimizationHints,MediaRouter",
];
