import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Browser, BrowserContext, FrameLocator, Page } from "@playwright/test";
import {
  ADMIN_EMAIL,
  acceptCookies,
  expect,
  signInAdmin,
  test,
  uploadHtmlGame,
  waitForHydrationAfterNavigation,
  watchConsole,
  zipOf,
} from "./fixtures";
import { startServer, type RunningServer } from "./server";

/**
 * D152 end to end under Google H5 Games Ads, on a server of its own: Google's tag address is answered by a local
 * stand-in (fixtures/google-ads/adsbygoogle-standin.js, told which breakStatus to give), never the network. A game
 * written for SDK v2 and one written for Poki ask for ads; the tag is loaded in the game frame with the settings'
 * attributes, and each breakStatus reaches the game as our vocabulary's answer.
 */
test.describe.configure({ mode: "serial" });

const CLIENT = "ca-pub-1234567890123456";
const GOOGLE_TAG = "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";
const STAND_IN = fs.readFileSync(
  fileURLToPath(new URL("./fixtures/google-ads/adsbygoogle-standin.js", import.meta.url)),
  "utf8",
);
const V2_TITLE = "E2E Google Ads Game";
const POKI_TITLE = "E2E Poki Google Game";

let server: RunningServer;
let admin: APIRequestContext;
let v2GameId: number;
let pokiGameId: number;
const contexts: BrowserContext[] = [];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  server = await startServer({ NODE_ENV: "development", ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: "info" });
  admin = await playwright.request.newContext({ baseURL: server.url });
  await signInAdmin(admin, server);
  v2GameId = await uploadHtmlGame(admin, {
    title: V2_TITLE,
    description: "A test game for ads.",
    htmlPath: fileURLToPath(new URL("./fixtures/ads-game/index.html", import.meta.url)),
  });
  const html = fs.readFileSync(
    fileURLToPath(new URL("./fixtures/portal-games/poki/index.html", import.meta.url)),
    "utf8",
  );
  const [category] = (await (await admin.get("/api/categories")).json()) as Array<{ id: number }>;
  const [builtin] = (await (await admin.get("/api/games?limit=1")).json()) as Array<{ imageUrl: string }>;
  const res = await admin.post("/api/admin/games/upload", {
    multipart: {
      title: POKI_TITLE,
      description: "A game written for the Poki SDK.",
      imageUrl: builtin.imageUrl,
      categoryId: String(category.id),
      htmlFile: {
        name: "poki.zip",
        mimeType: "application/zip",
        buffer: await zipOf({ "poki-game/index.html": html }),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  pokiGameId = ((await res.json()) as { id: number }).id;
  const settings = await admin.patch("/api/admin/ads/settings", {
    data: {
      provider: "google",
      googleClientId: CLIENT,
      googleFrequencyHintSeconds: 45,
      googleTestMode: true,
      firstAdAfterSeconds: 0,
      minSecondsBetweenAds: 0,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
});
test.afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await admin?.patch("/api/admin/ads/settings", { data: { provider: "none" } });
  await admin?.dispose();
  await server?.stop();
});

/** A player who agreed to cookies, with Google's tag answered by the stand-in giving `breakStatus`. */
async function open(browser: Browser, breakStatus: string): Promise<{ page: Page; tagRequests: string[] }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  await acceptCookies(context);
  const tagRequests: string[] = [];
  // the last route added is asked first: anything else of Google's is refused, never fetched
  await context.route(/googlesyndication|doubleclick|adtrafficquality/, (route) => route.abort());
  await context.route("https://pagead2.googlesyndication.com/**", async (route) => {
    tagRequests.push(route.request().url());
    if (route.request().url() !== GOOGLE_TAG) return route.fulfill({ status: 404, body: "" });
    await route.fulfill({
      status: 200,
      contentType: "application/javascript",
      body: STAND_IN.replace("__BREAK_STATUS__", breakStatus),
    });
  });
  return { page: await waitForHydrationAfterNavigation(await context.newPage()), tagRequests };
}

async function play(page: Page, gameId: number, title: string): Promise<FrameLocator> {
  await page.goto(`/game/${gameId}`);
  await page.getByRole("button", { name: "Play Now" }).first().click();
  return page.frameLocator(`iframe[title="${title}"]`);
}

test("a v2 game's break and reward run Google's adBreak in the frame; viewed is shown and granted", async ({
  browser,
}) => {
  const { page, tagRequests } = await open(browser, "viewed");
  const errors = watchConsole(page);
  const frame = await play(page, v2GameId, V2_TITLE);
  await expect(frame.locator("body")).toHaveAttribute("data-ready", "", { timeout: 15_000 });

  await frame.getByRole("button", { name: "Break" }).click();
  await expect(frame.locator("#answer")).toHaveText('{"shown":true,"reason":"shown"}');
  await expect(frame.locator("#started")).toHaveText("1");
  // beforeAd paused and muted the game; afterwards the page resumed it with the player's own sound
  await expect(frame.locator("#events")).toHaveText("pause mute:true resume mute:false");
  const tag = frame.locator('script[src*="adsbygoogle"]');
  await expect(tag).toHaveCount(1);
  await expect(tag).toHaveAttribute("data-ad-client", CLIENT);
  await expect(tag).toHaveAttribute("data-adbreak-test", "on");
  await expect(tag).toHaveAttribute("data-ad-frequency-hint", "45s");
  expect(tagRequests).toEqual([GOOGLE_TAG]);

  await frame.getByRole("button", { name: "Reward" }).click();
  await expect(frame.locator("#answer")).toHaveText('{"granted":true}');
  const seen = await page
    .frame({ url: /game-frame/ })!
    .evaluate(() => (window as unknown as { __adStandIn: unknown }).__adStandIn);
  expect(seen).toEqual({ configs: [{ preloadAdBreaks: "on", sound: "on" }], breaks: ["next", "reward"] });
  expect(errors).toEqual([]);
});

for (const [status, breakAnswer, rewardAnswer] of [
  ["noAdPreloaded", '{"shown":false,"reason":"no_fill"}', '{"granted":false}'],
  ["frequencyCapped", '{"shown":false,"reason":"frequency"}', '{"granted":false}'],
  ["notReady", '{"shown":false,"reason":"not_ready"}', '{"granted":false}'],
  ["dismissed", '{"shown":true,"reason":"shown"}', '{"granted":false}'],
] as const) {
  test(`breakStatus ${status} answers a break ${breakAnswer} and a reward ${rewardAnswer}`, async ({ browser }) => {
    const { page } = await open(browser, status);
    const errors = watchConsole(page);
    const frame = await play(page, v2GameId, V2_TITLE);
    await expect(frame.locator("body")).toHaveAttribute("data-ready", "", { timeout: 15_000 });
    await frame.getByRole("button", { name: "Break" }).click();
    await expect(frame.locator("#answer")).toHaveText(breakAnswer);
    await frame.getByRole("button", { name: "Reward" }).click();
    await expect(frame.locator("#answer")).toHaveText(rewardAnswer);
    expect(errors).toEqual([]);
  });
}

test("a game made for Poki gets Google's ads through its own SDK: the break, then the reward earned", async ({
  browser,
}) => {
  const { page } = await open(browser, "viewed");
  const errors = watchConsole(page);
  const frame = await play(page, pokiGameId, POKI_TITLE);
  await expect(frame.locator("#log")).toContainText("commercial break started", { timeout: 15_000 });
  await expect(frame.locator("#log")).toContainText("rewarded break: reward earned");
  await expect(frame.locator('script[src*="adsbygoogle"]')).toHaveAttribute("data-ad-client", CLIENT);
  expect(errors).toEqual([]);
});

test("a game made for Poki hears no ad and no reward when Google caps the frequency", async ({ browser }) => {
  const { page } = await open(browser, "frequencyCapped");
  const frame = await play(page, pokiGameId, POKI_TITLE);
  await expect(frame.locator("#log")).toContainText("rewarded break: no reward", { timeout: 15_000 });
  await expect(frame.locator("#log")).not.toContainText("commercial break started");
  await expect(frame.locator("#log")).toContainText("commercial break finished");
});
