import crypto from "node:crypto";
import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from "@playwright/test";
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

/** Every sign-in code mailed to `email` as printed to the server's log (no SMTP_URL, D42), oldest first. */
export function codesMailedTo(server: ServerWithLog, email = ADMIN_EMAIL): string[] {
  return server
    .logs()
    .split("\n")
    .filter((l) => l.includes(email) && /sign-in code: \d{6}/.test(l))
    .map((l) => l.match(/sign-in code: (\d{6})/)![1]);
}

/** Signs `request`'s context in as the administrator through the one-time code read from the server's log (D41, D42). */
export async function signInAdmin(request: APIRequestContext, server: ServerWithLog, email = ADMIN_EMAIL): Promise<void> {
  const mailed = codesMailedTo(server, email).length;
  const challenge = await request.post("/api/admin/request-otp", { data: { email } });
  expect(challenge.status(), await challenge.text()).toBe(200);
  const { otpSecret } = (await challenge.json()) as { otpSecret: string };
  await expect.poll(() => codesMailedTo(server, email).length, { message: "the code's mail in the server log" }).toBeGreaterThan(mailed);
  const otp = codesMailedTo(server, email).at(-1)!;
  const verify = await request.post("/api/admin/verify-otp", { data: { email, otp, otpSecret } });
  expect(verify.status(), await verify.text()).toBe(200);
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
 * Collects the console errors and page errors of `page`, except a 401 from a URL that `expected401`
 * matches: signed out, GET /api/auth/user (and, on /cms, GET /api/admin/user) answers 401 by design
 * (D14, D43), and Chromium logs every non-2xx response.
 */
export function watchConsole(page: Page, expected401: RegExp = /\/api\/auth\/user$/): string[] {
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

/** GET `url` and its JSON body; fails the test on a non-2xx answer. */
export async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `${url} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** A game served by the games origin (D2): a built-in game or an uploaded package, not an external link. */
export const isOnGamesOrigin = (game: { frameUrl: string }) => game.frameUrl.startsWith(process.env.E2E_GAMES_URL!);

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
      const server = await startServer({ NODE_ENV: "development", ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: "info" });
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
    await use(await context.newPage());
    await context.close();
  },
});

export { expect };
