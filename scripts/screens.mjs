// Proof that a clean-up changes nothing: captures the rendered HTML and screenshots of every
// public screen and every CMS screen (signed out and signed in) of a built checkout, and compares two captures.
//
//   node scripts/screens.mjs capture <out-dir> [--root <checkout>] [--only <name prefix>]   (the checkout must be built)
//   node scripts/screens.mjs compare <before-dir> <after-dir>
//
// Capture starts the built server of <checkout> (default: this one) in development mode (its sign-in code
// answers a client on this machine) on a fresh PGlite database with the demo seed, in Debian's Chromium (D7),
// signs two administrators in (one with two-step sign-in, one who must still set it up), and writes for each screen:
//   <name>.<theme>.html            the DOM after the screen has settled (light and dark theme)
//   <name>.<theme>.<width>.png     a full-page screenshot at 1440 and 375 px
// Compare lists every HTML file whose normalised text differs and every screenshot whose pixels differ
// (by more than a small per-channel tolerance, anti-aliasing), and exits 1 if anything differs.
import fs from "node:fs/promises";
import path from "node:path";
import { chromium, request as apiRequest } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
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

const ADMIN_EMAIL = "admin@example.com";
/** An administrator who signs in but never sets up two-step sign-in (D106): the set-up screen. */
const ENROLLING_EMAIL = "enrolling-admin@example.com";
/**
 * An administrator with two-step sign-in whose emailed code the sign-in screen answers: the second step. D107 allows
 * 5 code requests per address and client an hour: one sign-in through the API and one per theme and width.
 */
const SECOND_STEP_EMAIL = "second-step-admin@example.com";
/** Nobody's address: D42 answers it like a staff member's, so the sign-in screen asks for the code. */
const VISITOR_EMAIL = "visitor@example.com";

/**
 * The CMS screens: each a name, the state that opens it (`admin`, `enrolling`, or signed out) and its path, with
 * an optional step taken on the screen (a dialog opened, a sign-in step answered) before the capture.
 * @type {Array<{ name: string; as: "admin" | "enrolling" | "out"; url: string; act?: (page: import("@playwright/test").Page) => Promise<void> }>}
 */
const CMS_SCREENS = [
  { name: "cms-login-code", as: "out", url: "/cms", act: (page) => askForCode(page, VISITOR_EMAIL) },
  {
    name: "cms-login-second",
    as: "out",
    url: "/cms",
    act: async (page) => {
      const otp = await askForCode(page, SECOND_STEP_EMAIL);
      await page.getByLabel("Verification code").fill(otp);
      await page.getByRole("button", { name: "Verify & Sign In" }).click();
      await page.getByLabel("Authenticator code or recovery code").waitFor();
    },
  },
  { name: "cms-two-step-setup", as: "enrolling", url: "/cms/two-step" },
  { name: "cms-dashboard", as: "admin", url: "/cms/dashboard" },
  { name: "cms-games", as: "admin", url: "/cms/games" },
  {
    name: "cms-games-add",
    as: "admin",
    url: "/cms/games",
    act: async (page) => {
      await page.getByRole("button", { name: "Add New Game" }).click();
      await page.getByRole("dialog").waitFor();
    },
  },
  {
    name: "cms-games-edit",
    as: "admin",
    url: "/cms/games",
    act: async (page) => {
      await page
        .getByRole("button", { name: /^Edit / })
        .first()
        .click();
      await page.getByRole("dialog").waitFor();
    },
  },
  { name: "cms-categories", as: "admin", url: "/cms/categories" },
  { name: "cms-collections", as: "admin", url: "/cms/collections" },
  { name: "cms-website-content", as: "admin", url: "/cms/website-content" },
  { name: "cms-users", as: "admin", url: "/cms/users" },
  { name: "cms-scores", as: "admin", url: "/cms/scores" },
  { name: "cms-reports", as: "admin", url: "/cms/reports" },
  { name: "cms-announcements", as: "admin", url: "/cms/announcements" },
  { name: "cms-audit-log", as: "admin", url: "/cms/audit-log" },
  { name: "cms-jobs", as: "admin", url: "/cms/jobs" },
  { name: "cms-system", as: "admin", url: "/cms/system" },
  { name: "cms-backups", as: "admin", url: "/cms/backups" },
  { name: "cms-settings", as: "admin", url: "/cms/settings" },
  { name: "cms-two-step", as: "admin", url: "/cms/two-step" },
  // last: the list it shows is answered in the page (showBrokenGames), which stays so for the page's later screens
  {
    name: "cms-reports-broken",
    as: "admin",
    url: "/cms/reports?status=broken",
    act: async (page) => {
      await showBrokenGames(page);
      await page.reload();
      await page.waitForLoadState("networkidle");
      await page.getByRole("article").first().waitFor();
    },
  },
];

/**
 * D114: the "Broken games" tab with one game of each kind (hidden after three failed checks, failing once, reported
 * by players), answered in the page rather than written to the database that the other screens show.
 */
async function showBrokenGames(page) {
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const game = (id, title, url, extra) => ({
    id,
    title,
    imageUrl: "",
    externalUrl: url,
    hiddenReason: null,
    failures: 0,
    checkedAt: hourAgo,
    error: null,
    reports: 0,
    lastReportedAt: null,
    ...extra,
  });
  const games = [
    game(901, "Lost Lanterns", "https://html5.gamedistribution.com/lost-lanterns/", {
      hiddenReason: "unreachable",
      failures: 3,
      error: "The game's address answered HTTP 404",
      reports: 2,
      lastReportedAt: hourAgo,
    }),
    game(902, "Cloud Hopper", "https://games.example.net/cloud-hopper/index.html", {
      failures: 1,
      error: "The game's address could not be reached (connection refused)",
    }),
    game(903, "Pixel Orchard", "https://play.example.org/pixel-orchard/", { reports: 1, lastReportedAt: hourAgo }),
  ];
  await page.route("**/api/admin/broken-games?*", (route) =>
    route.fulfill({ json: games, headers: { "X-Total-Count": String(games.length) } }),
  );
}

/** On the CMS sign-in screen: asks for `email`'s code and returns it (development mode answers a staff member's). */
async function askForCode(page, email) {
  await page.getByLabel("Email").fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/admin/request-otp"));
  await page.getByRole("button", { name: "Send code" }).click();
  const { otp } = await (await answer).json();
  await page.getByLabel("Verification code").waitFor();
  return otp;
}

/** The RFC 6238 code of `secret` now, computed like the server does (otpauth). */
const totpNow = (secret) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

/**
 * Signs `email` in through the API (D42: the emailed code, which development mode answers) and returns the
 * session's cookies. `enrol`: sets up two-step sign-in as an administrator's first sign-in asks.
 */
async function signInState(base, email, enrol) {
  const request = await apiRequest.newContext({ baseURL: base });
  try {
    const ok = async (res) => {
      if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
      return res.json();
    };
    const { otpSecret, otp } = await ok(await request.post("/api/admin/request-otp", { data: { email } }));
    await ok(await request.post("/api/admin/verify-otp", { data: { email, otp, otpSecret } }));
    if (enrol) {
      const { secret } = await ok(await request.post("/api/admin/two-step/setup"));
      await ok(await request.post("/api/admin/two-step/confirm", { data: { code: totpNow(secret) } }));
    }
    return await request.storageState();
  } finally {
    await request.dispose();
  }
}

/** Text that legitimately changes between two runs: ids React makes, times relative to now. */
function normalise(html) {
  return (
    html
      .replace(
        /(id|for|aria-controls|aria-labelledby|aria-describedby)="(radix-|:)?[^"]*?«?r[0-9a-z]+»?[^"]*"/g,
        '$1="~"',
      )
      .replace(/(id|for|aria-controls|aria-labelledby|aria-describedby)="[^"]*_r_[0-9a-z]+_[^"]*"/g, '$1="~"')
      .replace(/\b\d+ (second|minute|hour)s? ago\b/g, "~ ago")
      // Seeded chat messages and scores are dated relative to the server's start.
      .replace(
        /<time datetime="[^"]*"([^>]*)>[\s\S]*?<\/time>/g,
        (_, attributes) => `<time datetime="~"${attributes.replace(/ title="[^"]*"/, "")}>~</time>`,
      )
      // The server-rendered page's state says when it was rendered and fetched, and holds the seeded rows' times.
      .replace(/"(renderedAt|dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":~')
      .replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"/g, '"~"')
      // A link preview card's hash covers the site's address, whose port is chosen at each start.
      .replace(/\/og\/([a-z]+)\/([^/"]+)\/[\w-]+\.png/g, "/og/$1/$2/~.png")
      // In development the sign-in screen fills in the code it was answered.
      .replace(/(autocomplete="one-time-code"[^>]*value=")\d{6}"/g, '$1~"')
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

async function capture(outDir, checkout, only) {
  await fs.mkdir(outDir, { recursive: true });
  const server = await spawnServer({
    root: checkout,
    publicHost: "localhost",
    tempPrefix: "arcadium-screens-",
    readyTimeoutMs: 180_000,
    env: {
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      ADMIN_EMAILS: [ADMIN_EMAIL, ENROLLING_EMAIL, SECOND_STEP_EMAIL].join(","),
    },
  });
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
  try {
    const screens = [
      ...(await screenList(server.url)).map(([name, url]) => ({ name, as: "out", url })),
      ...CMS_SCREENS,
    ].filter((screen) => !only || screen.name.startsWith(only));
    const states = {
      out: undefined,
      admin: await signInState(server.url, ADMIN_EMAIL, true),
      enrolling: await signInState(server.url, ENROLLING_EMAIL, false),
    };
    await signInState(server.url, SECOND_STEP_EMAIL, true);
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        for (const [as, storageState] of Object.entries(states)) {
          const context = await browser.newContext({
            viewport: { width, height: 900 },
            reducedMotion: "reduce",
            colorScheme: theme,
            storageState,
          });
          await context.addInitScript((t) => {
            localStorage.setItem("cookieConsent", "all");
            localStorage.setItem("arcadium-theme", t);
          }, theme);
          const page = await context.newPage();
          for (const screen of screens.filter((s) => s.as === as)) {
            await page.goto(server.url + screen.url);
            await page.waitForLoadState("networkidle");
            await screen.act?.(page);
            await settle(page);
            await loadImages(page);
            await settle(page);
            await page.screenshot({
              path: path.join(outDir, `${screen.name}.${theme}.${width}.png`),
              fullPage: true,
              animations: "disabled",
              caret: "hide",
              // Times, and the sign-in code development mode fills in.
              mask: [page.locator("time"), page.locator('input[autocomplete="one-time-code"]')],
            });
            if (width === WIDTHS[0])
              await fs.writeFile(path.join(outDir, `${screen.name}.${theme}.html`), normalise(await page.content()));
          }
          await context.close();
        }
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
        if (
          Math.abs(x.data[i] - y.data[i]) > 8 ||
          Math.abs(x.data[i + 1] - y.data[i + 1]) > 8 ||
          Math.abs(x.data[i + 2] - y.data[i + 2]) > 8
        )
          changed++;
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
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const root = option("--root");
  await capture(path.resolve(args[0]), root ? path.resolve(root) : ownRoot, option("--only"));
} else if (command === "compare" && args[0] && args[1]) {
  await compare(path.resolve(args[0]), path.resolve(args[1]));
} else {
  console.error(
    "usage: node scripts/screens.mjs capture <out-dir> [--root <checkout>] [--only <name prefix>] | compare <before-dir> <after-dir>",
  );
  process.exitCode = 2;
}
