import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type PlaywrightWorkerArgs,
} from "@playwright/test";
import { registerPlayer, type Player, type ServerWithLog } from "./fixtures/accounts";
import { watchConsole } from "./fixtures/console";
import { acceptCookies } from "./fixtures/cookies";
import type { ApiGame } from "./fixtures/games";
import { waitForHydrationAfterNavigation } from "./fixtures/navigation";
import { getJson } from "./fixtures/network";
import { ADMIN_EMAIL, FIRST_SIGN_IN_EMAIL, signInAdmin } from "./fixtures/staff";
import { startServer, type RunningServer } from "./server";

export * from "./fixtures/a11y";
export * from "./fixtures/accounts";
export * from "./fixtures/console";
export * from "./fixtures/cookies";
export * from "./fixtures/format";
export * from "./fixtures/fullscreen";
export * from "./fixtures/games";
export * from "./fixtures/navigation";
export * from "./fixtures/network";
export * from "./fixtures/rendering";
export * from "./fixtures/staff";
export * from "./fixtures/toasts";

/**
 * The end-to-end tests' one `test`, with the shared fixtures below; the helpers they use live by concern in
 * fixtures/ (accounts, staff sign-in, navigation, network, console, cookies, toasts, games, fullscreen, rendering,
 * a11y, format) and are exported from here too, so that a spec imports everything from "./fixtures".
 *
 * Test fixtures:
 * - `page`: waits for hydration after each navigation (fixtures/navigation.ts);
 * - `consoleErrors`: console errors and page errors of `page` (see watchConsole);
 * - `api`: reads the shared server's API, so that tests compare the screen with the data;
 * - `player`: `page`'s context signed in as a new player (registering gives a session); the
 *   username starts with the `playerPrefix` option (`test.use({ playerPrefix: "rev" })`);
 * - `signIn`: more signed-in browser contexts, on any server (`player`, `admin`), closed after the test;
 * - `adminPage`: a page signed in to /cms on `adminServer`;
 * - `bareAdminPage`: the same on `bareAdminServer`.
 *
 * Worker fixtures (started once per worker, only where a test asks for them):
 * - `adminServer`: a server of its own for the admin journey (NODE_ENV=development, LOG_LEVEL=info: the
 *   one-time code's mail is printed to its log), so that admin changes do not reach the shared server;
 * - `adminState`: the cookies of one admin sign-in on it (D42: one code per worker, not per test,
 *   as codes are limited per address);
 * - `bareAdminServer`, `bareAdminState`: the same without the demo data (SEED_DEMO=false), for boards on which
 *   every player is a test's. Defined here rather than in the spec that uses them, so that its tests run in the
 *   same workers as the others (a spec's own worker fixture starts workers of its own).
 */

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

type SignIn = {
  /** A new browser context (cookies accepted) signed in as a new player; `baseURL` defaults to the shared server. */
  player(opts?: { prefix?: string; baseURL?: string }): Promise<Player & { context: BrowserContext }>;
  /** A new browser context (cookies accepted) signed in as the administrator of `server`. */
  admin(server: ServerWithLog): Promise<BrowserContext>;
};

export const test = base.extend<
  {
    consoleErrors: string[];
    api: { games(): Promise<ApiGame[]> };
    playerPrefix: string;
    player: Player;
    signIn: SignIn;
    adminPage: Page;
    bareAdminPage: Page;
  },
  { adminServer: RunningServer; adminState: StorageState; bareAdminServer: RunningServer; bareAdminState: StorageState }
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
      const server = await startServer({ ...ADMIN_SERVER_ENV, ADMIN_EMAILS: `${ADMIN_EMAIL},${FIRST_SIGN_IN_EMAIL}` });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  adminState: [
    async ({ adminServer, playwright }, use) => use(await adminSignInState(playwright, adminServer)),
    { scope: "worker" },
  ],
  adminPage: async ({ browser, adminServer, adminState }, use) => {
    await openAdminPage(browser, adminServer, adminState, use);
  },
  bareAdminServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
    async ({}, use) => {
      const server = await startServer({ ...ADMIN_SERVER_ENV, ADMIN_EMAILS: ADMIN_EMAIL, SEED_DEMO: "false" });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  bareAdminState: [
    async ({ bareAdminServer, playwright }, use) => use(await adminSignInState(playwright, bareAdminServer)),
    { scope: "worker" },
  ],
  bareAdminPage: async ({ browser, bareAdminServer, bareAdminState }, use) => {
    await openAdminPage(browser, bareAdminServer, bareAdminState, use);
  },
});

/** An admin server's environment: its one-time codes' mails are printed to its log. */
const ADMIN_SERVER_ENV = { NODE_ENV: "development", LOG_LEVEL: "info" };

/** The cookies of one admin sign-in on `server`. */
async function adminSignInState(playwright: PlaywrightWorkerArgs["playwright"], server: RunningServer) {
  const request = await playwright.request.newContext({ baseURL: server.url });
  await signInAdmin(request, server);
  const state = await request.storageState();
  await request.dispose();
  return state;
}

/** A page of a new context signed in with `state` on `server`, closed after `use`. */
async function openAdminPage(
  browser: Browser,
  server: RunningServer,
  state: StorageState,
  use: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL: server.url, storageState: state });
  await acceptCookies(context);
  // Like `page`: a click right after a navigation reaches a hydrated page (the public game page's Play Now).
  await use(waitForHydrationAfterNavigation(await context.newPage()));
  await context.close();
}

export { expect };
