import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations, seriousOrCritical, WCAG_A_AA } from "./fixtures/a11y";
import { registerPlayer } from "./fixtures/accounts";
import { leaveAutoFullscreen, watchFullscreen } from "./fixtures/fullscreen";
import { servedByGamesOrigin, type ApiGame } from "./fixtures/games";
import { waitForHydrationAfterNavigation } from "./fixtures/navigation";
import { getJson } from "./fixtures/network";
import { signInAdmin } from "./fixtures/staff";
import { startServer, type RunningServer } from "./server";

/**
 * D150: nothing that needs consent loads before it is given, Google Consent Mode follows the choice, the choice is
 * kept on the account, and a configured IAB TCF consent tool replaces the notice and answers game frames through
 * the locator. A server of its own (its settings change), and a local stand-in for the outside scripts: a
 * statistics script and a consent tool that implements TCF's `__tcfapi` without making a locator frame.
 */

const STATS_JS = "window.__standInStatistics = (window.__standInStatistics || 0) + 1;";
const CMP_JS = `(function () {
  var nextId = 1;
  function tcData(id) {
    return { tcString: "CP-stand-in", gdprApplies: true, eventStatus: "tcloaded", cmpStatus: "loaded",
      listenerId: id, purpose: { consents: { "1": true, "2": true, "8": false } } };
  }
  window.__tcfapi = function (command, version, callback, parameter) {
    if (command === "ping") return callback({ gdprApplies: true, cmpLoaded: true, cmpStatus: "loaded",
      displayStatus: "hidden", apiVersion: "2.2", cmpId: 999 }, true);
    if (command === "getTCData") return callback(tcData(undefined), true);
    if (command === "addEventListener") return callback(tcData(nextId++), true);
    if (command === "removeEventListener") return callback(true, true);
    callback(null, false);
  };
})();`;

let standIn: http.Server;
let standInOrigin: string;
const standInRequests: string[] = [];
let server: RunningServer;
let admin: APIRequestContext;
let game: ApiGame;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  standIn = http.createServer((req, res) => {
    standInRequests.push(req.url ?? "");
    const body = req.url === "/stats.js" ? STATS_JS : req.url === "/cmp.js" ? CMP_JS : null;
    if (body === null) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" }).end(body);
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  standInOrigin = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  server = await startServer({ NODE_ENV: "development", LOG_LEVEL: "info", ADMIN_EMAILS: "admin@example.com" });
  admin = await playwright.request.newContext({ baseURL: server.url });
  await signInAdmin(admin, server);
  await setSite({ statistics_script_url: `${standInOrigin}/stats.js`, consent_tool_url: "" });
  game = (await getJson<ApiGame[]>(admin, "/api/games")).find(servedByGamesOrigin(server.gamesUrl))!;
  expect(game, "a game on the games origin").toBeTruthy();
});

test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
  await new Promise((resolve) => standIn?.close(resolve));
});

async function setSite(site: Record<string, string>) {
  const res = await admin.patch("/api/admin/settings", { data: { site } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A fresh browser (no storage) on the test's server, recording the address of every request it makes. */
async function freshBrowser(browser: Browser): Promise<{ context: BrowserContext; page: Page; requests: string[] }> {
  const context = await browser.newContext({ baseURL: server.url });
  const requests: string[] = [];
  context.on("request", (r) => requests.push(r.url()));
  const page = waitForHydrationAfterNavigation(await context.newPage());
  await watchFullscreen(page);
  return { context, page, requests };
}

/** The home page, then a game page with its game started: what a visitor's first minutes load. */
async function visitHomeAndGame(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto(`/game/${game.id}`);
  await page.getByRole("button", { name: "Play Now" }).first().click();
  await leaveAutoFullscreen(page);
  await expect(page.locator(`iframe[title="${game.title}"]`)).toBeAttached();
  // the frame's own requests included
  await page.waitForLoadState("networkidle");
}

const statsRequested = (requests: string[]) => requests.filter((u) => u === `${standInOrigin}/stats.js`).length;
const consentCommands = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
      .map((a) => [...a])
      .filter((a) => a[0] === "consent"),
  );

test.describe.configure({ mode: "serial" });

test("a fresh browser loads nothing needing consent before a choice, nor after 'Essential Only'; after 'Accept All' it does", async ({
  browser,
}) => {
  const { context, page, requests } = await freshBrowser(browser);
  await visitHomeAndGame(page);
  // Before any choice: only the site's and the games' own origins are asked for anything; the statistics script
  // is configured but not requested.
  const own = [new URL(server.url).origin, new URL(server.gamesUrl).origin];
  const outside = requests.filter((u) => u.startsWith("http") && !own.includes(new URL(u).origin));
  expect(outside).toEqual([]);
  expect(statsRequested(requests)).toBe(0);
  // Google Consent Mode: the defaults are on the dataLayer, every storage denied but security
  expect(await consentCommands(page)).toEqual([
    [
      "consent",
      "default",
      {
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
        analytics_storage: "denied",
        security_storage: "granted",
      },
    ],
  ]);

  await page.goto("/");
  await page.getByRole("region", { name: "Cookie notice" }).getByRole("button", { name: "Essential Only" }).click();
  expect(await consentCommands(page)).toContainEqual([
    "consent",
    "update",
    { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" },
  ]);
  await visitHomeAndGame(page);
  expect(statsRequested(requests)).toBe(0);

  // "Accept All" through the footer's Cookie settings: the script is requested at once, and on every page after
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie settings" });
  await dialog.getByRole("button", { name: "Accept All" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => statsRequested(requests)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { __standInStatistics?: number }).__standInStatistics)).toBe(
    1,
  );
  expect(await consentCommands(page)).toContainEqual([
    "consent",
    "update",
    { ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted", analytics_storage: "granted" },
  ]);
  await visitHomeAndGame(page);
  expect(statsRequested(requests)).toBeGreaterThanOrEqual(2);
  await context.close();
});

test("the settings dialog works from the keyboard and stores a choice per purpose", async ({ browser }) => {
  const { context, page, requests } = await freshBrowser(browser);
  await page.goto("/");
  const notice = page.getByRole("region", { name: "Cookie notice" });
  await expect(notice).toBeVisible();
  /** No serious or critical axe violation in the notice or the dialog, light and dark. */
  const scan = async (include: string) => {
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
      await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      const problems = seriousOrCritical(await axeViolations(page, { tags: WCAG_A_AA, include }), theme);
      expect(problems, problems.join("\n")).toEqual([]);
    }
  };
  await scan('[aria-label="Cookie notice"]');
  await notice.getByRole("button", { name: "Customize" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cookie settings" });
  await expect(dialog).toBeVisible();
  await scan('[role="dialog"]');
  const statistics = dialog.getByRole("switch", { name: "Statistics" });
  for (let i = 0; i < 10 && !(await statistics.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(statistics).toBeFocused();
  await page.keyboard.press("Space");
  await expect(statistics).toHaveAttribute("aria-checked", "true");
  await dialog.getByRole("button", { name: "Save choices" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("custom");
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem("cookieConsentPurposes") ?? "null") as unknown),
  ).toMatchObject({ statistics: true, advertising: false });
  // statistics allowed: its script loads
  await expect.poll(() => statsRequested(requests)).toBe(1);
  await context.close();
});

test("a signed-in player's choice follows them to a browser that has none", async ({ browser }) => {
  const first = await freshBrowser(browser);
  const player = await registerPlayer(first.context.request, "consent");
  await first.page.goto("/");
  await expect(first.page.getByRole("button", { name: `Account menu for ${player.username}` })).toBeVisible();
  await first.page
    .getByRole("region", { name: "Cookie notice" })
    .getByRole("button", { name: "Essential Only" })
    .click();
  await expect
    .poll(async () => (await getJson<{ choice: unknown }>(first.context.request, "/api/me/consent")).choice)
    .toEqual({ statistics: false, advertising: false });

  const second = await freshBrowser(browser);
  const signIn = await second.context.request.post("/api/auth/login", {
    data: { username: player.username, password: player.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await second.page.goto("/");
  await expect(second.page.getByRole("button", { name: `Account menu for ${player.username}` })).toBeVisible();
  await expect.poll(() => second.page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("essential");
  await expect(second.page.getByRole("region", { name: "Cookie notice" })).toHaveCount(0);
  await first.context.close();
  await second.context.close();
});

test("a configured TCF consent tool replaces the notice, is allowed by the CSP, and game frames reach it", async ({
  browser,
}) => {
  await setSite({ consent_tool_url: `${standInOrigin}/cmp.js` });
  try {
    const { context, page, requests } = await freshBrowser(browser);
    const res = await page.goto(`/game/${game.id}`);
    expect(res!.headers()["content-security-policy"]).toMatch(new RegExp(`script-src [^;]*${standInOrigin}`));
    await expect.poll(() => requests.filter((u) => u === `${standInOrigin}/cmp.js`).length).toBe(1);
    await expect(page.getByRole("region", { name: "Cookie notice" })).toHaveCount(0);
    // the stand-in has no locator of its own: the page made one
    await expect(page.locator('iframe[name="__tcfapiLocator"]')).toHaveCount(1);
    // the tool allows advertising but not statistics (purpose 8 refused): the statistics script stays away
    await page.waitForLoadState("networkidle");
    expect(statsRequested(requests)).toBe(0);

    await page.getByRole("button", { name: "Play Now" }).first().click();
    await leaveAutoFullscreen(page);
    await expect(page.locator(`iframe[title="${game.title}"]`)).toBeAttached();
    const frame = page.frames().find((f) => f.url().includes(`/game-frame/${game.id}/`))!;
    expect(frame, "the game frame").toBeTruthy();
    // A TCF client in the game frame, as the standard describes it: find the locator up the parents, post a
    // __tcfapiCall there and wait for the __tcfapiReturn with the same callId.
    const answer = await frame.evaluate(
      () =>
        new Promise((resolve, reject) => {
          let win: Window = window;
          let host: Window | null = null;
          while (win) {
            try {
              if (win.frames["__tcfapiLocator" as unknown as number]) {
                host = win;
                break;
              }
            } catch {
              // not reachable: go on up
            }
            if (win === window.top) break;
            win = win.parent;
          }
          if (!host) return reject(new Error("no __tcfapiLocator"));
          window.addEventListener("message", (event) => {
            const data = typeof event.data === "string" ? JSON.parse(event.data) : event.data;
            if (data?.__tcfapiReturn?.callId === "game-1") resolve(data.__tcfapiReturn);
          });
          host.postMessage({ __tcfapiCall: { command: "getTCData", version: 2, callId: "game-1" } }, "*");
          setTimeout(() => reject(new Error("no __tcfapiReturn")), 5000);
        }),
    );
    expect(answer).toMatchObject({ success: true, callId: "game-1", returnValue: { tcString: "CP-stand-in" } });
    await context.close();
  } finally {
    await setSite({ consent_tool_url: "" });
  }
  // and without it, the policy names the stand-in's origin only for the statistics script
  const page = await admin.get(`/game/${game.id}`);
  expect(page.headers()["content-security-policy"]).toMatch(new RegExp(`script-src [^;]*${standInOrigin}`));
  await setSite({ statistics_script_url: "" });
  const plain = await admin.get(`/game/${game.id}`);
  expect(plain.headers()["content-security-policy"]).not.toContain(standInOrigin);
});
