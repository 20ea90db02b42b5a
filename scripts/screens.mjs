// Proof for clean-ups (ARCHITECTURE habit 14): captures the rendered HTML and screenshots of every
// public screen (and the CMS screens) of a built checkout, and compares two captures.
//
//   node scripts/screens.mjs capture <out-dir> [--root <checkout>]   (the checkout must be built)
//   node scripts/screens.mjs compare <before-dir> <after-dir>
//
// Capture starts the built server of <checkout> (default: this one) on a fresh PGlite database with
// the demo seed, in Debian's Chromium (D7), and writes for each screen:
//   <name>.<theme>.html            the DOM after the screen has settled (light and dark theme)
//   <name>.<theme>.<width>.png     a full-page screenshot at 1440 and 375 px
// Compare lists every HTML file whose normalised text differs and every screenshot whose pixels differ
// (by more than a small per-channel tolerance, anti-aliasing), and exits 1 if anything differs.
import fs from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { CHROMIUM_ARGS, findChromium } from "./browser.mjs";
import { root as ownRoot } from "./build-lib.mjs";
import { spawnServer } from "./server-process.mjs";

const WIDTHS = [1440, 375];
const THEMES = ["light", "dark"];

/** @param {string} base */
async function screenList(base) {
  const games = await (await fetch(`${base}/api/games?limit=1`)).json();
  const board = await (await fetch(`${base}/api/leaderboard?limit=1`)).json();
  return [
    ["home", "/"],
    ["games", "/games"],
    ["games-featured", "/games/featured"],
    ["game", `/game/${games[0].id}`],
    ["game-missing", "/game/987654"],
    ["category-action", "/category/action"],
    ["category-new", "/category/new"],
    ["leaderboard", "/leaderboard"],
    ["profile", `/profile/${board[0].user.id}`],
    ["profile-missing", "/profile/987654"],
    ["privacy-policy", "/privacy-policy"],
    ["terms-of-service", "/terms-of-service"],
    ["cookie-policy", "/cookie-policy"],
    ["responsible-gaming", "/responsible-gaming"],
    ["advertise-with-us", "/advertise-with-us"],
    ["about", "/about"],
    ["contact", "/contact"],
    ["help", "/help"],
    ["login", "/login"],
    ["register", "/login?tab=register"],
    ["not-found", "/no-such-page"],
    ["cms-login", "/cms"],
  ];
}

/** Text that legitimately changes between two runs: ids React makes, times relative to now. */
function normalise(html) {
  return (
    html
      .replace(/(id|for|aria-controls|aria-labelledby|aria-describedby)="(radix-|:)?[^"]*?«?r[0-9a-z]+»?[^"]*"/g, '$1="~"')
      .replace(/\b\d+ (second|minute|hour)s? ago\b/g, "~ ago")
      // Seeded chat messages are dated relative to the server's start.
      .replace(/<time datetime="[^"]*"([^>]*)>[^<]*<\/time>/g, '<time datetime="~"$1>~</time>')
      // Playwright's "animations disabled" leaves these behind on elements that were animating.
      .replace(/ style="(animation-duration: 0s;)?"/g, "")
      .replace(/(localhost|127\.0\.0\.1):\d+/g, "$1:~")
      .replace(/\/assets\/[\w.-]+/g, "/assets/~")
  );
}

/**
 * Lazy images start loading only near the viewport, so a full-page screenshot caught some covers before
 * they had loaded, and two captures of the same build differed. Scrolls through the page (instantly) so
 * that every image starts, back to the top, and waits until each has loaded or failed (at most 5 s).
 */
async function loadImages(page) {
  // Evaluated in the page, where `window` and `document` exist.
  await page.evaluate(async () => {
    const win = globalThis.window;
    const doc = globalThis.document;
    for (let y = 0; y < doc.documentElement.scrollHeight; y += Math.max(200, win.innerHeight / 2)) {
      win.scrollTo({ top: y, behavior: "instant" });
      await new Promise((r) => setTimeout(r, 50));
    }
    win.scrollTo({ top: 0, behavior: "instant" });
    // An image that is never shown (in a closed menu) never loads: at most 5 s.
    const pending = [...doc.images].filter((img) => !img.complete);
    const loaded = Promise.all(
      pending.map(
        (img) =>
          new Promise((r) => {
            img.addEventListener("load", r, { once: true });
            img.addEventListener("error", r, { once: true });
          }),
      ),
    );
    await Promise.race([loaded, new Promise((r) => setTimeout(r, 5000))]);
  });
}

/** Waits until the page's height has stopped changing (images and lists loading). */
async function settle(page) {
  let last = -1;
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(300);
    // Evaluated in the page, where `document` exists.
    const height = await page.evaluate(() => globalThis.document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
  }
}

async function capture(outDir, checkout) {
  await fs.mkdir(outDir, { recursive: true });
  const server = await spawnServer({
    root: checkout,
    publicHost: "localhost",
    tempPrefix: "arcadium-screens-",
    readyTimeoutMs: 180_000,
    env: { LOG_LEVEL: "warn" },
  });
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
  try {
    const screens = await screenList(server.url);
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce", colorScheme: theme });
        await context.addInitScript((t) => {
          localStorage.setItem("cookieConsent", "all");
          localStorage.setItem("arcadium-theme", t);
        }, theme);
        const page = await context.newPage();
        for (const [name, url] of screens) {
          await page.goto(server.url + url);
          await page.waitForLoadState("networkidle");
          await settle(page);
          await loadImages(page);
          await settle(page);
          await page.screenshot({
            path: path.join(outDir, `${name}.${theme}.${width}.png`),
            fullPage: true,
            animations: "disabled",
            caret: "hide",
            mask: [page.locator("time")],
          });
          if (width === WIDTHS[0]) await fs.writeFile(path.join(outDir, `${name}.${theme}.html`), normalise(await page.content()));
        }
        await context.close();
      }
    }
    console.log(`captured ${screens.length} screens × ${THEMES.length} themes × ${WIDTHS.length} widths in ${outDir}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function pixels(file) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function compare(a, b) {
  const names = (await fs.readdir(a)).sort();
  const differences = [];
  for (const name of names) {
    const other = path.join(b, name);
    if (!(await fs.stat(other).catch(() => null))) {
      differences.push(`${name}: missing in ${b}`);
      continue;
    }
    if (name.endsWith(".html")) {
      // Normalised again: a capture made by an older version of this script compares with a newer one.
      const [x, y] = await Promise.all([fs.readFile(path.join(a, name), "utf8"), fs.readFile(other, "utf8")]);
      if (normalise(x) !== normalise(y)) differences.push(`${name}: HTML differs`);
    } else if (name.endsWith(".png")) {
      const [x, y] = await Promise.all([pixels(path.join(a, name)), pixels(other)]);
      if (x.width !== y.width || x.height !== y.height) {
        differences.push(`${name}: size ${x.width}×${x.height} → ${y.width}×${y.height}`);
        continue;
      }
      let changed = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        if (Math.abs(x.data[i] - y.data[i]) > 8 || Math.abs(x.data[i + 1] - y.data[i + 1]) > 8 || Math.abs(x.data[i + 2] - y.data[i + 2]) > 8) changed++;
      }
      if (changed > 0) differences.push(`${name}: ${changed} pixels differ`);
    }
  }
  console.log(`${names.length} files compared; ${differences.length} differ`);
  for (const d of differences) console.log(`  ${d}`);
  process.exitCode = differences.length ? 1 : 0;
}

const [command, ...args] = process.argv.slice(2);
if (command === "capture" && args[0]) {
  const rootIndex = args.indexOf("--root");
  await capture(path.resolve(args[0]), rootIndex >= 0 ? path.resolve(args[rootIndex + 1]) : ownRoot);
} else if (command === "compare" && args[0] && args[1]) {
  await compare(path.resolve(args[0]), path.resolve(args[1]));
} else {
  console.error("usage: node scripts/screens.mjs capture <out-dir> [--root <checkout>] | compare <before-dir> <after-dir>");
  process.exitCode = 2;
}
