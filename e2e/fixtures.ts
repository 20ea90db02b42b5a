import crypto from "node:crypto";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page, type Route } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import yazl from "yazl";
import { gamesOrigin } from "../src/server/games-hosts";
import { startServer, type RunningServer } from "./server";

/**
 * Habit 10: the shared fixtures and helpers of the end-to-end tests, defined once.
 *
 * Test fixtures:
 * - `consoleErrors`: console errors and page errors of `page` (see watchConsole);
 * - `api`: reads the shared server's API, so that tests compare the screen with the data;
 * - `player`: `page`'s context signed in as a new player (D11: registering gives a session); the
 *   username starts with the `playerPrefix` option (`test.use({ playerPrefix: "rev" })`);
 * - `signIn`: more signed-in browser contexts, on any server (`player`, `admin`), closed after the test;
 * - `adminPage`: a page signed in to /cms on `adminServer`.
 *
 * Worker fixtures (started once per worker, only where a test asks for them):
 * - `adminServer`: a server of its own for the admin journey (NODE_ENV=development, LOG_LEVEL=info: the
 *   one-time code's mail is printed to its log, D42), so that admin changes do not reach the shared server;
 * - `adminState`: the cookies of one admin sign-in on it (D41, D42: one code per worker, not per test,
 *   as codes are limited per address).
 */

export type ApiGame = { id: number; title: string; frameUrl: string; isFeatured: boolean; new: boolean; hot: boolean };
export type Player = { id: number; username: string; password: string };
/** A server whose output can be read (startServer, spawnServer). */
export type ServerWithLog = { url: string; logs(): string };
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export const ADMIN_EMAIL = "admin@example.com";
/** A second administrator of `adminServer` whom only cms.spec's sign-in uses: its first sign-in is a fresh install's (D106). */
export const FIRST_SIGN_IN_EMAIL = "first-admin@example.com";
export const PLAYER_PASSWORD = "e2e-player-password";

/** A username nobody has yet: `prefix` (at most 11 characters, D11 allows 20) and 8 random hex digits. */
export const uniqueName = (prefix: string) => `${prefix}_${crypto.randomBytes(4).toString("hex")}`;

/** Registers a new player through `request` (D11); the request's context is signed in as that player. */
export async function registerPlayer(request: APIRequestContext, prefix: string, password = PLAYER_PASSWORD): Promise<Player> {
  const username = uniqueName(prefix);
  const res = await request.post("/api/auth/register", { data: { username, password } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return { id, username, password };
}

/** The tokens of the verification links mailed to `email` as printed to the server's log (no SMTP_URL, D87), oldest first. */
export function verificationTokensMailedTo(server: ServerWithLog, email: string): string[] {
  return server
    .logs()
    .split("\n")
    .filter((l) => l.toLowerCase().includes(email.toLowerCase()) && l.includes("verify-email?token="))
    .map((l) => decodeURIComponent(l.match(/verify-email\?token=([A-Za-z0-9_%-]+)/)![1]));
}

/**
 * Registers a player with an email address through `request` (D11; its context is then signed in as them) and follows
 * the verification link read from `server`'s log: issue 17, an address is the account's (it signs in, it receives the
 * admin code of D42) only once its link is followed. `server` must log at info level without SMTP_URL (`adminServer`).
 */
export async function registerWithVerifiedEmail(request: APIRequestContext, server: ServerWithLog, prefix: string) {
  const username = uniqueName(prefix);
  const email = `${username.toLowerCase()}@example.com`;
  const res = await request.post("/api/auth/register", { data: { username, password: PLAYER_PASSWORD, email } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await expect.poll(() => verificationTokensMailedTo(server, email).length, { message: "the verification link's mail in the server log" }).toBe(1);
  const verified = await request.post("/api/me/email/verify", { data: { token: verificationTokensMailedTo(server, email)[0] } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { id, username, email };
}

/** Every sign-in code mailed to `email` as printed to the server's log (no SMTP_URL, D42), oldest first. */
export function codesMailedTo(server: ServerWithLog, email = ADMIN_EMAIL): string[] {
  return server
    .logs()
    .split("\n")
    .filter((l) => l.includes(email) && /sign-in code: \d{6}/.test(l))
    .map((l) => l.match(/sign-in code: (\d{6})/)![1]);
}

/**
 * D106: the authenticator of each staff member these tests enrolled, per server and address (servers are per
 * worker, and so is this map), with the last 30-second step whose code was used (a code is accepted once).
 */
const authenticators = new Map<string, { secret: string; lastStep: number }>();
const authenticatorKey = (server: { url: string }, email: string) => `${server.url} ${email.toLowerCase()}`;

/** The RFC 6238 code of `secret` at a 30-second `step`, computed like the server does (otpauth). */
export function totpAt(secret: string, step: number): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: step * 30_000 });
}

/** Remembers an authenticator set up for `email` on `server` (the step of its first code used). */
export function rememberAuthenticator(server: { url: string }, email: string, secret: string, lastStep: number): void {
  authenticators.set(authenticatorKey(server, email), { secret, lastStep });
}

/**
 * A code of `email`'s authenticator the server accepts now: of a step within its ±1 window after the last one
 * used (waiting for the next step when three sign-ins have used them all).
 */
export async function nextAuthenticatorCode(server: { url: string }, email: string): Promise<string> {
  const known = authenticators.get(authenticatorKey(server, email));
  if (!known) throw new Error(`${email} has two-step sign-in on ${server.url}, but no test set it up`);
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now - 1, known.lastStep + 1);
    if (step <= now + 1) {
      known.lastStep = step;
      return totpAt(known.secret, step);
    }
    await new Promise((r) => setTimeout(r, (now + 1) * 30_000 - Date.now() + 50));
  }
}

/**
 * Sets up two-step sign-in for the staff member signed in on `request` (D106: an admin's first sign-in), through the
 * API, like the CMS walk-through does; remembers the authenticator for later sign-ins.
 */
export async function enrolThroughApi(request: APIRequestContext, server: { url: string }, email: string): Promise<void> {
  const setup = await request.post("/api/admin/two-step/setup");
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  rememberAuthenticator(server, email, secret, Math.floor(Date.now() / 30_000) - 2);
  const confirm = await request.post("/api/admin/two-step/confirm", { data: { code: await nextAuthenticatorCode(server, email) } });
  expect(confirm.status(), await confirm.text()).toBe(200);
}

/**
 * Signs `request`'s context in as the administrator through the one-time code read from the server's log (D41, D42);
 * D106: at the first sign-in on a server it also enrols two-step sign-in, afterwards it answers the second factor.
 */
export async function signInAdmin(request: APIRequestContext, server: ServerWithLog, email = ADMIN_EMAIL): Promise<void> {
  const mailed = codesMailedTo(server, email).length;
  const challenge = await request.post("/api/admin/request-otp", { data: { email } });
  expect(challenge.status(), await challenge.text()).toBe(200);
  const { otpSecret } = (await challenge.json()) as { otpSecret: string };
  await expect.poll(() => codesMailedTo(server, email).length, { message: "the code's mail in the server log" }).toBeGreaterThan(mailed);
  const otp = codesMailedTo(server, email).at(-1)!;
  const verify = await request.post("/api/admin/verify-otp", { data: { email, otp, otpSecret } });
  expect(verify.status(), await verify.text()).toBe(200);
  const answer = (await verify.json()) as { secondFactor?: "totp"; mustEnrol?: boolean };
  if (answer.mustEnrol) await enrolThroughApi(request, server, email);
  if (answer.secondFactor) {
    const second = await request.post("/api/admin/verify-second-factor", { data: { email, otpSecret, code: await nextAuthenticatorCode(server, email) } });
    expect(second.status(), await second.text()).toBe(200);
  }
}

/**
 * After "Verify & Sign In" in the CMS with the emailed code: D106's next step, whichever this admin is at. The first
 * sign-in on a server walks through the set-up (QR code and key, the app's code, recovery codes) and goes on into the
 * CMS; a later one answers the authenticator's code.
 */
export async function finishCmsSignIn(page: Page, server: { url: string }, email = ADMIN_EMAIL): Promise<void> {
  const setUp = page.getByRole("button", { name: "Set up an authenticator app" });
  const second = page.getByLabel("Authenticator code or recovery code");
  await expect(setUp.or(second)).toBeVisible();
  if (await second.isVisible()) {
    await second.fill(await nextAuthenticatorCode(server, email));
    await page.getByRole("button", { name: "Verify & Sign In" }).click();
    return;
  }
  await expect(page).toHaveURL(/\/cms\/two-step$/);
  await setUp.click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.locator("code").first().innerText()).replace(/\s/g, "");
  rememberAuthenticator(server, email, secret, Math.floor(Date.now() / 30_000) - 2);
  await page.getByLabel("2. Enter the code the app shows").fill(await nextAuthenticatorCode(server, email));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await page.getByRole("button", { name: /^I have saved them/ }).click();
}

/**
 * After each navigation of `page` (goto, reload, back, forward), waits until React has taken the
 * server-rendered page over (`<html data-hydrated>`, set by the screen: src/client/lib/lazy-component.tsx): a test acts the way a person does
 * once the page responds, not on the HTML before its script has run (ADR 010). Documents that are not the
 * site's pages (JSON, a game's frame) are not waited for.
 */
export function waitForHydrationAfterNavigation(page: Page) {
  const hydrated = () =>
    page
      .waitForFunction(() => !document.getElementById("root") || document.documentElement.hasAttribute("data-hydrated"), undefined, { timeout: 15_000 })
      .catch(() => {
        // a closed page or a navigation away: the test's own expectations say what went wrong
      });
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      await hydrated();
      return response;
    };
  }
  return page;
}

/** Stores a cookie consent before the page loads, so the notice does not cover the page. */
export async function acceptCookies(page: Page | BrowserContext) {
  await page.addInitScript(() => {
    try {
      window.localStorage.setItem("cookieConsent", "all");
    } catch {
      // an opaque-origin or storage-less frame (e.g. a sandboxed frame a test adds): not the site's error
    }
  });
}

/**
 * D73: the home page's chat loads its code when it comes near the viewport (or is reached for), as a visitor
 * scrolling down to it would make it: scrolls to it.
 */
export async function scrollToChat(page: Page): Promise<void> {
  await page.getByRole("log", { name: "Chat messages" }).scrollIntoViewIfNeeded();
}

/**
 * Collects the console errors and page errors of `page`, except a 401 from a URL that `expected401`
 * matches (Chromium logs every non-2xx response). The public pages ask who is signed in without a 401
 * (GET /api/auth/session, ADR 011), so by default none is expected; on /cms, GET /api/admin/user answers
 * 401 signed out by design (D43).
 */
export function watchConsole(page: Page, expected401: RegExp = /^$/): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const where = msg.location().url;
    if (/status of 401/.test(msg.text()) && expected401.test(where)) return;
    errors.push(`${msg.text()}${where ? ` (${where})` : ""}`);
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

/** A zip archive of these files (path → text), as an administrator uploads a game package (D44). */
export async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** GET `url` and its JSON body; fails the test on a non-2xx answer. */
export async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `${url} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Whether a game is served by the games origin of a server whose GAMES_URL is `gamesUrl` (D2; with `{id}`, its own
 * origin, D79): a built-in game or an uploaded package, not an external link.
 */
export const servedByGamesOrigin = (gamesUrl: string) => (game: { id: number; frameUrl: string }) =>
  game.frameUrl === `${gamesOrigin(gamesUrl, game.id)}/game-frame/${game.id}/`;

/** A game served by the shared server's games origin (D2): a built-in game or an uploaded package, not an external link. */
export const isOnGamesOrigin = (game: { id: number; frameUrl: string }) => servedByGamesOrigin(process.env.E2E_GAMES_URL!)(game);

/** The toast (spec §9) whose text contains `title`. */
export const toast = (page: Page, title: string): Locator =>
  page
    .getByRole("region", { name: /Notifications/ })
    .locator("li")
    .filter({ hasText: title });

/** Some element with exactly `text` is visible (a toast's title or description). */
export async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/** The one toast on screen (spec §9: one at a time) has `title` and `description`; dismissing it removes it. */
export async function expectToastThenDismiss(page: Page, title: string, description: string) {
  const item = page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByText(title, { exact: true })).toBeVisible();
  await expect(item.getByText(description, { exact: true })).toBeVisible();
  await item.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(item).toHaveCount(0);
}

/** The WCAG 2.0 and 2.1 level A and AA rules (issue 3 item 9). */
export const WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

type AxeRunOptions = NonNullable<Parameters<AxeBuilder["options"]>[0]>;
type AxeViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];
/** axe-core's script, as @axe-core/playwright injects it (resolved from there: it is that package's dependency). */
const AXE_SOURCE = (createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as { source: string }).source;

/**
 * The axe violations on `page`, within `include` and outside `exclude` (CSS selectors), of the rules
 * tagged `tags` (default: every rule): the same list as AxeBuilder's analyze() with those settings,
 * found in a third of the time on a busy 2-core machine (issue 11 item 9). axe still runs every rule
 * on every node, and
 * - only violations get their full node list (`resultTypes`: the nodes that pass need no selectors);
 * - on a page without frames, axe's script is injected once per document and axe.run runs in the page,
 *   as AxeBuilder's legacy mode does (it injects the script twice per scan). AxeBuilder's default mode
 *   runs each frame's part apart and joins the parts in a new blank page, which is how the results of
 *   cross-origin frames are gathered: with a frame in the page, that mode is used.
 */
export async function axeViolations(page: Page, scope: { tags?: string[]; include?: string; exclude?: string[] } = {}): Promise<AxeViolation[]> {
  const options: AxeRunOptions = {
    resultTypes: ["violations"],
    ...(scope.tags ? { runOnly: { type: "tag", values: scope.tags } } : {}),
    // Issue 13 item 7: WCAG 2.5.3 (Label in Name) is an experimental rule in axe, off unless asked for.
    rules: { "label-content-name-mismatch": { enabled: true } },
  };
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options(options);
    if (scope.include) builder.include(scope.include);
    for (const selector of scope.exclude ?? []) builder.exclude(selector);
    return (await builder.analyze()).violations;
  }
  type Axe = { run(context: unknown, options: AxeRunOptions): Promise<{ violations: AxeViolation[] }> };
  if (!(await page.evaluate(() => typeof (window as unknown as { axe?: Axe }).axe?.run === "function"))) await page.evaluate(AXE_SOURCE);
  // The context AxeBuilder passes (its normalizeContext): no include means the whole document.
  const context = { include: scope.include ? [scope.include] : [], exclude: scope.exclude ?? [] };
  return page.evaluate(async ({ context, options }) => (await (window as unknown as { axe: Axe }).axe.run(context, options)).violations, { context, options });
}

/** The violations of impact serious or critical, one line each: rule, impact, help and the first three nodes. */
export const seriousOrCritical = (violations: AxeViolation[], label = "") =>
  violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${label}${label ? ": " : ""}${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );

/**
 * Skeletons (and the header's placeholder avatar) are `animate-pulse`; none shown means the data has arrived. A hidden
 * tab may keep the server's copy of its panel, skeletons and all, until it is reached for (D73): not shown, not counted.
 */
export async function expectNoSkeletons(page: Page) {
  await expect(page.locator(".animate-pulse").filter({ visible: true }), "every skeleton has given way to content").toHaveCount(0);
}

/**
 * Holds the page's requests to `url` until release(), then answers them with `answer` (default: the
 * server's answer): the page stays in its loading state for as long as the test takes to check it, however
 * slow the machine, and not a moment longer (a fixed delay is either too short there or wasted here).
 */
export async function holdRequests(page: Page, url: string | RegExp, answer: (route: Route) => Promise<void> = (route) => route.continue()) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    // (The page may have been closed meanwhile, at the end of the test.)
    await answer(route).catch(() => {});
  });
  return { release };
}

/**
 * Opens `path` the way a click on a link inside the site does, from a page that has hydrated (ADR 010): the
 * screen then reads its data in the browser, where a test can hold or mock it. (A page loaded with
 * page.goto arrives rendered by the server with its data, D70, so the browser never asks for it.)
 */
export async function openInApp(page: Page, path: string, from = "/about") {
  await page.goto(from);
  // The header's session part appears once the page has hydrated and asked who is signed in.
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Sign In" }).or(banner.getByRole("button", { name: /^[A-Z]{2} Account menu for / }))).toBeVisible();
  await page.evaluate((to) => window.history.pushState(null, "", to), path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
}

/** Waits for the page's running CSS transitions to end (e.g. colours easing into a new theme: axe reads them). */
export async function transitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
}

/** Waits until `page` has drawn `count` more animation frames (e.g. a game's canvas after a resize). */
export async function animationFrames(page: Page, count = 5) {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let left = n;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    count,
  );
}

/**
 * The game page asks for fullscreen 1.5 s after Play Now (spec §4; Chromium grants it within the click's
 * user activation). watchFullscreen, before the page loads, counts the answers to such requests (the
 * document's fullscreenchange and fullscreenerror events); leaveAutoFullscreen waits for the first answer
 * and leaves fullscreen as a player would with Esc, so that the page's tabs can be used.
 */
export async function watchFullscreen(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __fullscreenAnswers: number };
    w.__fullscreenAnswers = 0;
    for (const type of ["fullscreenchange", "fullscreenerror"]) document.addEventListener(type, () => w.__fullscreenAnswers++);
  });
}

export async function leaveAutoFullscreen(page: Page) {
  await page.waitForFunction(() => ((window as unknown as { __fullscreenAnswers?: number }).__fullscreenAnswers ?? 0) > 0, undefined, { timeout: 10_000 });
  await page.evaluate(async () => {
    if (document.fullscreenElement) await document.exitFullscreen();
  });
}

/** D90: a game's score rules as the API gives them (GET /api/games, /api/games/{id}). */
export type ScoreRules = { order: "desc" | "asc"; format: "points" | "time_ms"; maxScore: number | null; minRoundMs: number | null };

/**
 * D90: the server refuses a score sent sooner than the game's minRoundMs after its play was opened. A test that
 * ends a round at once (the games' finish() hook) or posts a score right after opening a play first waits out the
 * rest of it, counted from `since` (Date.now() when the play was opened, or later), with a little to spare.
 */
export async function waitOutMinRound(rules: Pick<ScoreRules, "minRoundMs">, since: number) {
  const left = (rules.minRoundMs ?? 0) + 300 - (Date.now() - since);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** D90: games sorted by their shortest possible round (minRoundMs), quickest first: tests that play rounds wait less. */
export const quickestRoundsFirst = <G extends { scoreRules: Pick<ScoreRules, "minRoundMs"> }>(games: G[]): G[] =>
  [...games].sort((a, b) => (a.scoreRules.minRoundMs ?? 0) - (b.scoreRules.minRoundMs ?? 0));

/** Numbers and dates as the site writes them (en-US). */
export const num = (n: number) => n.toLocaleString("en-US");
export const longDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

type SignIn = {
  /** A new browser context (cookies accepted) signed in as a new player; `baseURL` defaults to the shared server. */
  player(opts?: { prefix?: string; baseURL?: string }): Promise<Player & { context: BrowserContext }>;
  /** A new browser context (cookies accepted) signed in as the administrator of `server`. */
  admin(server: ServerWithLog): Promise<BrowserContext>;
};

export const test = base.extend<
  { consoleErrors: string[]; api: { games(): Promise<ApiGame[]> }; playerPrefix: string; player: Player; signIn: SignIn; adminPage: Page },
  { adminServer: RunningServer; adminState: StorageState }
>({
  page: async ({ page }, use) => {
    await use(waitForHydrationAfterNavigation(page));
  },
  consoleErrors: async ({ page }, use) => {
    await use(watchConsole(page));
  },
  api: async ({ request }, use) => {
    await use({ games: () => getJson<ApiGame[]>(request, "/api/games") });
  },
  playerPrefix: ["player", { option: true }],
  player: async ({ page, playerPrefix }, use) => {
    await use(await registerPlayer(page.request, playerPrefix));
  },
  signIn: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    const open = async (url: string | undefined) => {
      const context = await browser.newContext({ baseURL: url });
      context.on("page", (p) => void waitForHydrationAfterNavigation(p));
      contexts.push(context);
      await acceptCookies(context);
      return context;
    };
    await use({
      player: async (opts = {}) => {
        const context = await open(opts.baseURL ?? baseURL);
        return { context, ...(await registerPlayer(context.request, opts.prefix ?? "player")) };
      },
      admin: async (server) => {
        const context = await open(server.url);
        await signInAdmin(context.request, server);
        return context;
      },
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
  adminServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
    async ({}, use) => {
      const server = await startServer({ NODE_ENV: "development", ADMIN_EMAILS: `${ADMIN_EMAIL},${FIRST_SIGN_IN_EMAIL}`, LOG_LEVEL: "info" });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  adminState: [
    async ({ adminServer, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: adminServer.url });
      await signInAdmin(request, adminServer);
      const state = await request.storageState();
      await request.dispose();
      await use(state);
    },
    { scope: "worker" },
  ],
  adminPage: async ({ browser, adminServer, adminState }, use) => {
    const context = await browser.newContext({ baseURL: adminServer.url, storageState: adminState });
    await acceptCookies(context);
    // Like `page`: a click right after a navigation reaches a hydrated page (the public game page's Play Now).
    await use(waitForHydrationAfterNavigation(await context.newPage()));
    await context.close();
  },
});

export { expect };
