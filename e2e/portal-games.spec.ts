import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Browser, BrowserContext, Frame, Page } from "@playwright/test";
import {
  acceptCookies,
  expect,
  registerPlayer,
  test,
  waitForHydrationAfterNavigation,
  watchConsole,
  zipOf,
} from "./fixtures";

/**
 * D77: games written against the Poki, CrazyGames and GameDistribution SDKs (our own test games
 * in e2e/fixtures/portal-games/, written from those SDKs' public documentation, loading the portals' real script
 * addresses) are uploaded as zips and run unchanged: the install points their SDK at our adapter, they reach the
 * end of their script without a console error, their lifecycle calls reach the game page as SDK v2 requests, their
 * ad calls resolve as "no ad shown", and CrazyGames' data module is cloud saves that a fresh browser of the same
 * player reads back after sign-in.
 */

test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

const PORTALS = ["poki", "crazygames", "gamedistribution"] as const;
type Portal = (typeof PORTALS)[number];
const titleOf = (portal: Portal) => `E2E ${portal} game`;
const uploads = new Map<Portal, Promise<number>>();

/** Uploads a portal's test game as a zip (once per server) and answers its id; checks the adapter the install chose. */
function portalGameId(admin: APIRequestContext, portal: Portal): Promise<number> {
  let id = uploads.get(portal);
  if (!id) {
    id = (async () => {
      const html = fs.readFileSync(
        fileURLToPath(new URL(`./fixtures/portal-games/${portal}/index.html`, import.meta.url)),
        "utf8",
      );
      const [category] = (await (await admin.get("/api/categories")).json()) as Array<{ id: number }>;
      const [builtin] = (await (await admin.get("/api/games?limit=1")).json()) as Array<{ imageUrl: string }>;
      const res = await admin.post("/api/admin/games/upload", {
        multipart: {
          title: titleOf(portal),
          description: `A game written for the ${portal} SDK.`,
          imageUrl: builtin.imageUrl,
          categoryId: String(category.id),
          htmlFile: {
            name: `${portal}.zip`,
            mimeType: "application/zip",
            buffer: await zipOf({ [`${portal}-game/index.html`]: html }),
          },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const game = (await res.json()) as { id: number; sdkAdapter: string | null };
      expect(game.sdkAdapter, "the adapter the install chose").toBe(portal);
      return game.id;
    })();
    uploads.set(portal, id);
  }
  return id;
}

async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  context.on("page", (p) => void waitForHydrationAfterNavigation(p));
  await acceptCookies(context);
  // What the game page receives from the game: the SDK v2 request types, in order.
  await context.addInitScript(() => {
    if (window.top !== window) return;
    const w = window as unknown as { __v2: string[] };
    w.__v2 = [];
    window.addEventListener("message", (e) => {
      const d = e.data as { v?: unknown; type?: unknown };
      if (d && d.v === 2 && typeof d.type === "string") w.__v2.push(d.type);
    });
  });
  return context;
}

async function play(page: Page, gameId: number, portal: Portal, address = `/game/${gameId}`): Promise<Frame> {
  await page.goto(address);
  await page.getByRole("button", { name: "Play Now" }).first().click();
  await expect(page.frameLocator(`iframe[title="${titleOf(portal)}"]`).locator("#status")).toHaveText("done", {
    timeout: 20_000,
  });
  return page.frames().find((f) => f.url().includes(`/game-frame/${gameId}/`))!;
}

/** With SHOTS_DIR set: `name` in the light and the dark theme, for a look (not an assertion). */
async function shotsOf(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `${dir}/${name}-${theme}.png` });
  }
}

const requestsOf = (page: Page) => page.evaluate(() => (window as unknown as { __v2: string[] }).__v2);

for (const portal of PORTALS) {
  test(`a game written for the ${portal} SDK runs unchanged on the adapter: lifecycle reaches the page, ads resolve as none (D77)`, async ({
    browser,
    adminPage,
    adminServer,
  }) => {
    const gameId = await portalGameId(adminPage.request, portal);
    const context = await newContext(browser, adminServer.url);
    await registerPlayer(context.request, portal.slice(0, 6));
    const page = await context.newPage();
    const errors = watchConsole(page);
    const frame = await play(page, gameId, portal);
    // The package's script tag now loads our adapter from the games origin, not the portal's address.
    const scripts = await frame.evaluate(() => Array.from(document.scripts, (s) => s.src).filter(Boolean));
    expect(scripts).toEqual([`${new URL(frame.url()).origin}/sdk/compat/${portal}.js`]);
    const log = await frame.locator("#log").innerText();
    expect(log).not.toMatch(/failed/i);
    const requests = await requestsOf(page);
    expect(requests).toContain("init");
    expect(requests).toContain("loading.done");
    // GameDistribution's SDK has no gameplay calls (its adapter has nothing to map them from).
    if (portal !== "gamedistribution")
      expect(requests).toEqual(expect.arrayContaining(["gameplay.start", "gameplay.stop"]));
    // D151/D153: no provider, so no ad; rewarded ads are granted without one (the default)
    if (portal === "poki") expect(log).toMatch(/rewarded break: reward earned/);
    if (portal === "crazygames") expect(log).toMatch(/midgame ad not shown \(unfilled\)[\s\S]*rewarded ad finished/);
    if (portal === "gamedistribution") expect(log).toMatch(/rewarded ad: reward earned/);
    expect(errors.filter((e) => !/fullscreen/i.test(e))).toEqual([]);
    await context.close();
  });
}

test("CrazyGames' data module is cloud saves: the value is read back by the same player in a fresh browser after sign-in (D76, D77)", async ({
  browser,
  adminPage,
  adminServer,
}) => {
  test.slow();
  const gameId = await portalGameId(adminPage.request, "crazygames");
  const first = await newContext(browser, adminServer.url);
  const player = await registerPlayer(first.request, "crazy");
  const page = await first.newPage();
  const frame = await play(page, gameId, "crazygames");
  await expect(frame.locator("#loaded")).toHaveText("none");
  await expect(frame.locator("#player")).toHaveText(player.username);
  // Sent within about a second (D76).
  await expect
    .poll(async () => {
      const res = await first.request.get(`/api/games/${gameId}/saves`);
      return ((await res.json()) as { entries: Array<{ key: string; value: string }> }).entries;
    })
    .toEqual([expect.objectContaining({ key: "best", value: "42" })]);

  const second = await newContext(browser, adminServer.url);
  expect(
    (
      await second.request.post("/api/auth/login", { data: { username: player.username, password: player.password } })
    ).status(),
  ).toBe(200);
  const again = await second.newPage();
  const secondFrame = await play(again, gameId, "crazygames");
  await expect(secondFrame.locator("#loaded")).toHaveText("42");
  await first.close();
  await second.close();
});

test("CrazyGames' invite link opens the game for a friend, who reads its params (D122)", async ({
  browser,
  adminPage,
  adminServer,
}) => {
  const gameId = await portalGameId(adminPage.request, "crazygames");
  const host = await newContext(browser, adminServer.url);
  await registerPlayer(host.request, "inviter");
  const frame = await play(await host.newPage(), gameId, "crazygames");
  await expect(frame.locator("#invite")).toHaveText("none");
  const link = new URL(await frame.locator("#invite-link").innerText());
  expect(`${link.origin}${link.pathname}${link.search}`).toBe(
    `${new URL(adminServer.url).origin}/game/${gameId}?roomId=42`,
  );

  const friend = await newContext(browser, adminServer.url);
  await registerPlayer(friend.request, "invited");
  const friendFrame = await play(await friend.newPage(), gameId, "crazygames", link.pathname + link.search);
  await expect(friendFrame.locator("#invite")).toHaveText("42 (instant)");
  await host.close();
  await friend.close();
});

test("CrazyGames' Play with friends: the Invite button beside the game, and Join on a friend's list into the game with its params (D122)", async ({
  browser,
  adminPage,
  adminServer,
}) => {
  test.setTimeout(120_000);
  const gameId = await portalGameId(adminPage.request, "crazygames");
  const host = await newContext(browser, adminServer.url);
  const a = await registerPlayer(host.request, "cghost");
  const friend = await newContext(browser, adminServer.url);
  const b = await registerPlayer(friend.request, "cgfriend");
  expect((await host.request.post(`/api/friends/${b.id}`, { data: {} })).status()).toBe(201);
  expect((await friend.request.post(`/api/friends/${a.id}`, { data: {} })).status()).toBe(200);
  const shares = await host.request.patch("/api/me/settings", { data: { presenceEnabled: true } });
  expect(shares.status(), await shares.text()).toBe(200);

  const hostPage = await host.newPage();
  const hostErrors = watchConsole(hostPage);
  await host.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(adminServer.url).origin });
  await play(hostPage, gameId, "crazygames");
  const inviteButton = hostPage.getByRole("button", { name: /^Invite: copy the invite link/ });
  await expect(inviteButton).toBeVisible();
  await expect(inviteButton).toHaveText("Invite");
  await inviteButton.click();
  await expect(hostPage.getByText("Invite link copied", { exact: true })).toBeVisible();
  expect(await hostPage.evaluate(() => navigator.clipboard.readText())).toBe(
    `${new URL(adminServer.url).origin}/game/${gameId}?roomId=42`,
  );
  await shotsOf(hostPage, "game-invite-button");

  const friendPage = await friend.newPage();
  const friendErrors = watchConsole(friendPage);
  await friendPage.goto("/friends");
  const join = friendPage.getByRole("link", { name: `Join ${a.username} in ${titleOf("crazygames")}` });
  await expect(join).toBeVisible({ timeout: 15_000 });
  await expect(join).toHaveAttribute("href", `/game/${gameId}?roomId=42`);
  await shotsOf(friendPage, "friends-join");
  await join.click();
  await expect(friendPage).toHaveURL(new RegExp(`/game/${gameId}\\?roomId=42$`));
  await friendPage.getByRole("button", { name: "Play Now" }).first().click();
  const friendFrame = friendPage.frameLocator(`iframe[title="${titleOf("crazygames")}"]`);
  await expect(friendFrame.locator("#status")).toHaveText("done", { timeout: 20_000 });
  await expect(friendFrame.locator("#invite")).toHaveText("42 (instant)");

  // the host leaves the game: the room goes from the friend's list
  await hostPage.goto("/");
  await friendPage.goto("/friends");
  await expect(friendPage.getByRole("link", { name: /^Join / })).toHaveCount(0);
  expect(hostErrors.filter((e) => !/fullscreen/i.test(e))).toEqual([]);
  expect(friendErrors.filter((e) => !/fullscreen/i.test(e))).toEqual([]);
  await host.close();
  await friend.close();
});
