// Proof that a clean-up changes nothing: captures the rendered HTML and screenshots of every
// public screen and every CMS screen (signed out and signed in) of a built checkout, and compares two captures.
//
//   node scripts/screens.mjs capture <out-dir> [--root <checkout>] [--only <name prefix>[,…]]   (the checkout must be built)
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
import http from "node:http";
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
  {
    name: "cms-games-edit-ads",
    as: "admin",
    url: "/cms/games",
    act: async (page) => {
      await page
        .getByRole("button", { name: /^Edit / })
        .first()
        .click();
      const toggle = page.getByRole("dialog").getByRole("switch", { name: "Ads on this game" });
      await toggle.waitFor();
      await toggle.scrollIntoViewIfNeeded();
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
  // D110–D113: the feeds (seeded by seedFeeds: one read, one whose format changed, one never synced), the add form
  // of a JSON feed with its mapping, the read feed's page and the inbox
  { name: "cms-feeds", as: "admin", url: "/cms/feeds" },
  {
    name: "cms-feeds-add",
    as: "admin",
    url: "/cms/feeds",
    act: async (page) => {
      await page.getByRole("button", { name: "Add feed" }).click();
      await page.getByRole("dialog").waitFor();
      await page.getByRole("combobox", { name: "Kind" }).click();
      await page.getByRole("option", { name: "JSON feed" }).click();
      await page.getByLabel("Items path").waitFor();
    },
  },
  { name: "cms-feed", as: "admin", url: "/cms/feeds/{feed}" },
  { name: "cms-feeds-inbox", as: "admin", url: "/cms/feeds/inbox" },
  // D113: the retro feed lists two of the partner's games: Copper Castle is offered as a duplicate
  { name: "cms-feeds-duplicates", as: "admin", url: "/cms/feeds/duplicates" },
  { name: "cms-jobs", as: "admin", url: "/cms/jobs" },
  { name: "cms-system", as: "admin", url: "/cms/system" },
  { name: "cms-backups", as: "admin", url: "/cms/backups" },
  { name: "cms-settings", as: "admin", url: "/cms/settings" },
  { name: "cms-two-step", as: "admin", url: "/cms/two-step" },
  {
    name: "cms-settings-ads-txt",
    as: "admin",
    url: "/cms/settings",
    act: async (page) => {
      const field = page.getByLabel("Lines of ads.txt");
      await field.fill("google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0\ngoogle.com pub-1 DIRECT");
      await page.getByRole("button", { name: "Save ads.txt" }).click();
      await page.getByRole("form", { name: "ads.txt" }).getByRole("alert").waitFor();
      await field.scrollIntoViewIfNeeded();
    },
  },
  // D152: Google's fields, shown once its provider is chosen (not saved: the other screens keep no ads)
  {
    name: "cms-settings-ads-google",
    as: "admin",
    url: "/cms/settings",
    act: async (page) => {
      const form = page.getByRole("form", { name: "Ad settings" });
      await form.getByRole("radio", { name: /Google H5 Games Ads/ }).check({ force: true });
      const field = form.getByLabel("Client id");
      await field.fill("ca-pub-1234567890123456");
      await field.scrollIntoViewIfNeeded();
    },
  },
  // D133: the review queue, answered in the page (reviewQueue), as the seed has no creators' builds
  {
    name: "cms-build-reviews",
    as: "admin",
    url: "/cms/build-reviews",
    act: async (page) => {
      await page.route("**/api/admin/build-reviews", (route) => route.fulfill({ json: reviewQueue() }));
      await page.reload();
      await page.waitForLoadState("networkidle");
      await page.getByText("Tiny Knight").first().waitFor();
    },
  },
  // D154: the reports answered in the page (adReport), as the seed counts no ads
  {
    name: "cms-ads",
    as: "admin",
    url: "/cms/ads",
    act: async (page) => {
      await page.route("**/api/admin/ads/reports?*", (route) =>
        route.fulfill({ json: adReport(Number(new URL(route.request().url()).searchParams.get("days"))) }),
      );
      await page.reload();
      await page.waitForLoadState("networkidle");
      await page.getByRole("region", { name: "By game" }).waitFor();
    },
  },
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

/** D133: one build waiting for staff and one approved for a set time, by two creators. */
function reviewQueue() {
  const day = 24 * 60 * 60 * 1000;
  const at = (ms) => new Date(Date.UTC(2026, 11, 7, 9, 30) + ms).toISOString();
  const build = (title, id, number, state, username, checks) => ({
    game: { id, title, hiddenReason: number === 1 ? "draft" : null, liveBuild: number === 1 ? null : number - 1 },
    number,
    notes: number === 1 ? "First version for review." : "Faster start, fixed the sound on phones.",
    bytes: 4_812_345 + number * 91_000,
    files: 41 + number,
    uploadedBy: { id: id + 100, username },
    createdAt: at(-day),
    state,
    submittedAt: at(-day / 2),
    publishAt: state === "approved" ? at(2 * day) : null,
    checks,
  });
  return [
    build("Tiny Knight", 9001, 2, "submitted", "pixel_smith", "pass"),
    build("Lantern Lake", 9002, 1, "submitted", "moonbeam_games", "warning"),
    build("Copper Castle", 9003, 3, "approved", "pixel_smith", "pass"),
  ];
}

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

/** D154: a report of `days` days ending 2026-12-07, the same at every capture. */
function adReport(days) {
  const end = Date.parse("2026-12-07T00:00:00Z");
  const counts = (i, scale) => ({
    impressions: Math.round(scale * (40 + 25 * Math.sin(i / 3) + i)),
    noFills: Math.round(scale * (6 + 4 * Math.cos(i / 2))),
    dismissals: Math.round(scale * (12 + 6 * Math.sin(i / 4))),
    rewards: Math.round(scale * (8 + 3 * Math.cos(i / 5))),
    clicks: Math.round(scale * (2 + Math.sin(i))),
  });
  const dayList = Array.from({ length: days }, (_, i) => ({
    day: new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    ...counts(i, i === days - 1 ? 0.3 : 1),
  }));
  const sum = (rows) =>
    rows.reduce(
      (t, r) => ({
        impressions: t.impressions + r.impressions,
        noFills: t.noFills + r.noFills,
        dismissals: t.dismissals + r.dismissals,
        rewards: t.rewards + r.rewards,
        clicks: t.clicks + r.clicks,
      }),
      { impressions: 0, noFills: 0, dismissals: 0, rewards: 0, clicks: 0 },
    );
  const totals = sum(dayList);
  const share = (f) => ({
    impressions: Math.round(totals.impressions * f),
    noFills: Math.round(totals.noFills * f),
    dismissals: Math.round(totals.dismissals * f),
    rewards: Math.round(totals.rewards * f),
    clicks: Math.round(totals.clicks * f),
  });
  const placements = [
    ["preroll", 0.34],
    ["next", 0.26],
    ["reward", 0.18],
    ["start", 0.1],
    ["pause", 0.08],
    ["browse", 0.04],
  ];
  const games = [
    [1, "Neon Racer", 0.42],
    [2, "Copper Castle", 0.31],
    [3, "Lucky Bubbles", 0.19],
    [4, "Tiny Knight", 0.08],
  ];
  return {
    from: dayList[0].day,
    to: dayList[dayList.length - 1].day,
    totals,
    days: dayList,
    byPlacement: placements.map(([placement, f]) => ({ placement, ...share(f) })),
    byGame: games.map(([gameId, gameTitle, f]) => ({ gameId, gameTitle, ...share(f) })),
    rows: dayList.map((d) => ({ ...d, placement: "preroll", gameId: 1, gameTitle: "Neon Racer" })),
  };
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

/** The games of the seeded JSON feed: what the feeds' screens show, the same at every capture. */
const FEED_GAMES = [
  ["Copper Castle", ["Puzzle"], ["puzzle", "castle", "html5"], true],
  ["Neon Racer", ["Racing"], ["racing", "cars", "3d"], true],
  ["Tiny Knight", ["Adventure"], ["adventure", "pixel"], false],
  ["Lucky Bubbles", ["Puzzle", "Casual"], ["bubble", "match3", "puzzle"], true],
  ["Frozen Garden", ["Casual"], ["idle", "garden"], null],
  ["Golden Pirates", ["Action", "Shooter"], ["pirates", "shooter", "boats", "multiplayer", "3d", "io", "ships"], false],
];

/**
 * A partner's JSON feed on 127.0.0.1 (the server runs with FETCH_ALLOW_PRIVATE=true): `/games.json` lists
 * FEED_GAMES with a cover each, `/retro.json` lists two games until `retro.broken` is set, then answers a page
 * without the list (D113: "This feed's format changed").
 */
async function startFeedSource() {
  const covers = await Promise.all(
    FEED_GAMES.map((_, i) =>
      sharp({
        create: { width: 320, height: 240, channels: 3, background: { r: 60 + i * 30, g: 90, b: 200 - i * 25 } },
      })
        .png()
        .toBuffer(),
    ),
  );
  const state = { broken: false };
  const server = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${server.address().port}`;
    const json = (body) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const game = ([title, categories, tags, mobile], i) => ({
      id: `p${i + 1}`,
      name: title,
      about: `${title}: a game of the partner's catalogue.`,
      play: `${base}/play/p${i + 1}/`,
      image: `${base}/covers/${i}.png`,
      categories,
      tags,
      ...(mobile === null ? {} : { mobile }),
    });
    const cover = /^\/covers\/(\d+)\.png$/.exec(req.url ?? "");
    if (req.url === "/games.json") json({ data: { games: FEED_GAMES.map(game) } });
    else if (req.url === "/retro.json")
      json(state.broken ? { error: "moved" } : { data: { games: FEED_GAMES.slice(0, 2).map(game) } });
    else if (cover && covers[Number(cover[1])]) {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(covers[Number(cover[1])]);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, state, close: () => server.close() };
}

/**
 * Seeds the feeds' screens through the admin API (D110): the partner's feed read once with a category mapped, two
 * items rejected and rules set; a second JSON feed read, then paused after its format changed; a GameDistribution
 * feed never synced. Returns the id of the partner's feed (its page is captured).
 */
async function seedFeeds(base, storageState, source) {
  const request = await apiRequest.newContext({ baseURL: base, storageState });
  const ok = async (res) => {
    if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
    return res.status() === 204 ? null : res.json();
  };
  const mapping = {
    items: "data.games",
    fields: {
      externalId: "id",
      title: "name",
      embedUrl: "play",
      description: "about",
      imageUrl: "image",
      categories: "categories",
      tags: "tags",
      mobile: "mobile",
    },
  };
  const create = (data) => request.post("/api/admin/feeds", { data }).then(ok);
  const syncAndWait = async (id) => {
    const before = (await ok(await request.get(`/api/admin/feeds/${id}`))).runs.length;
    await ok(await request.post(`/api/admin/feeds/${id}/sync`));
    for (let i = 0; i < 120; i++) {
      const feed = await ok(await request.get(`/api/admin/feeds/${id}`));
      if (feed.runs.length > before && feed.runs[0].state !== "running") return feed;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`feed ${id}: no run finished in 30 s`);
  };
  try {
    const partner = await create({
      kind: "json",
      name: "Partner arcade",
      url: `${source.url}/games.json`,
      schedule: "daily",
      mapping,
    });
    const retro = await create({ kind: "json", name: "Retro partner", url: `${source.url}/retro.json`, mapping });
    await create({ kind: "gamedistribution", name: "GameDistribution", schedule: "off" });
    const read = await syncAndWait(partner.id);
    await syncAndWait(retro.id);
    source.state.broken = true;
    await syncAndWait(retro.id);
    await ok(await request.patch(`/api/admin/feeds/${retro.id}`, { data: { paused: true } }));
    const categories = await ok(await request.get("/api/admin/categories"));
    const puzzle = categories.find((c) => c.name === "Puzzle") ?? categories[0];
    await ok(
      await request.patch(`/api/admin/feeds/${partner.id}`, {
        data: {
          categoryMap: { Shooter: categories[0].id, Puzzle: puzzle.id },
          rules: { autoApprove: { requireTags: ["html5"], excludeTags: ["shooter"] }, publishPerDay: 10 },
        },
      }),
    );
    const { items } = await ok(await request.get(`/api/admin/feed-items?feedId=${partner.id}&limit=50`));
    await ok(
      await request.post("/api/admin/feed-items/reject", {
        data: { ids: items.filter((i) => ["Neon Racer", "Tiny Knight"].includes(i.title)).map((i) => i.id) },
      }),
    );
    // D112: the covers are fetched in the background; the inbox shows ours once they are (at most 30 s).
    for (let i = 0; i < 120; i++) {
      const page = await ok(await request.get(`/api/admin/feed-items?feedId=${partner.id}&limit=50`));
      if (page.items.every((item) => item.coverUrl || item.coverError)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    return read.id;
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
  const source = await startFeedSource();
  const server = await spawnServer({
    root: checkout,
    publicHost: "localhost",
    tempPrefix: "arcadium-screens-",
    readyTimeoutMs: 180_000,
    env: {
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      ADMIN_EMAILS: [ADMIN_EMAIL, ENROLLING_EMAIL, SECOND_STEP_EMAIL].join(","),
      // The seeded feeds are read from startFeedSource on 127.0.0.1 (D110)
      FETCH_ALLOW_PRIVATE: "true",
    },
  });
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
  try {
    const screens = [
      ...(await screenList(server.url)).map(([name, url]) => ({ name, as: "out", url })),
      ...CMS_SCREENS,
    ].filter((screen) => !only || only.split(",").some((prefix) => screen.name.startsWith(prefix)));
    const states = {
      out: undefined,
      admin: await signInState(server.url, ADMIN_EMAIL, true),
      enrolling: await signInState(server.url, ENROLLING_EMAIL, false),
    };
    await signInState(server.url, SECOND_STEP_EMAIL, true);
    if (screens.some((screen) => screen.url.includes("{feed}") || screen.name.startsWith("cms-feed"))) {
      const feedId = await seedFeeds(server.url, states.admin, source);
      for (const screen of screens) screen.url = screen.url.replace("{feed}", String(feedId));
    }
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
    source.close();
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
