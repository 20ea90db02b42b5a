import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
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
 * D151–D153 end to end, on a server of its own (ad settings are the whole site's): the admin turns house ads on and
 * uploads one; a game asks Arcadium.ads for a break and a reward; the ad shows over the game (the game paused and
 * muted meanwhile), can be skipped only after 5 s, its link opens a new tab, and the counts reach the CMS.
 *
 * SHOTS_DIR=/some/dir also saves screenshots of the ad over the game and of the CMS card (1440 and 375 px, light and dark).
 */
test.describe.configure({ mode: "serial" });

const TITLE = "E2E Ads Game";
const FIXTURE = fileURLToPath(new URL("./fixtures/ads-game/index.html", import.meta.url));
const AD_TITLE = "Play Space Race";
const AD_LINK = "https://example.com/space-race";

let server: RunningServer;
let adminState: Awaited<ReturnType<BrowserContext["storageState"]>>;
let admin: APIRequestContext;
let gameId: number;
const contexts: BrowserContext[] = [];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  server = await startServer({ NODE_ENV: "development", ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: "info" });
  admin = await playwright.request.newContext({ baseURL: server.url });
  await signInAdmin(admin, server);
  adminState = await admin.storageState();
  gameId = await uploadHtmlGame(admin, { title: TITLE, description: "A test game for ads.", htmlPath: FIXTURE });
  // no waiting for the first minute or between ads: the test is about showing them
  const settings = await admin.patch("/api/admin/ads/settings", {
    data: { provider: "house", firstAdAfterSeconds: 0, minSecondsBetweenAds: 0 },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const image = await sharp({
    create: { width: 960, height: 540, channels: 3, background: "#7c3aed" },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="960" height="540"><text x="480" y="290" font-size="72" text-anchor="middle" fill="white" font-family="sans-serif">Space Race</text></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
  const upload = await admin.post("/api/admin/ads/house", {
    multipart: {
      title: AD_TITLE,
      link: AD_LINK,
      weight: "1",
      startsOn: "",
      endsOn: "",
      media: { name: "ad.png", mimeType: "image/png", buffer: image },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
});
test.afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await admin?.dispose();
  await server?.stop();
});

async function open(
  browser: Browser,
  options: { admin?: boolean; theme?: "light" | "dark"; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: options.width ?? 1440, height: 900 },
    ...(options.admin ? { storageState: adminState } : {}),
  });
  contexts.push(context);
  await acceptCookies(context);
  if (options.theme) await context.addInitScript((t) => localStorage.setItem("arcadium-theme", t), options.theme);
  return waitForHydrationAfterNavigation(await context.newPage());
}

async function play(page: Page) {
  await page.goto(`/game/${gameId}`);
  await page.getByRole("button", { name: "Play Now" }).first().click();
  const frame = page.frameLocator(`iframe[title="${TITLE}"]`);
  await expect(frame.locator("body")).toHaveAttribute("data-ready", "", { timeout: 15_000 });
  return frame;
}

type Stats = Array<{ gameId: number; placement: string } & Record<string, number | string>>;
async function statsOf(placement: string) {
  const res = await admin.get("/api/admin/ads");
  return ((await res.json()) as { stats: Stats }).stats.find((r) => r.gameId === gameId && r.placement === placement);
}

test("a house ad shows over the game, skippable after 5 s, its link in a new tab, and is counted", async ({
  browser,
}) => {
  test.slow();
  const page = await open(browser);
  const errors = watchConsole(page);
  const frame = await play(page);

  await frame.getByRole("button", { name: "Break" }).click();
  const ad = page.getByRole("dialog", { name: "Advertisement" });
  await expect(ad).toBeVisible();
  const shownAt = Date.now();
  await expect(ad.getByRole("img", { name: AD_TITLE })).toBeVisible();
  await expect(frame.locator("#started")).toHaveText("1");
  // paused and muted while the ad shows
  await expect(frame.locator("#events")).toHaveText(/pause/);
  await expect(frame.locator("#events")).toHaveText(/mute:true/);
  await expect(ad.getByText(/Skip in \d s/)).toBeVisible();
  await expect(ad.getByRole("button", { name: "Skip ad" })).toHaveCount(0);

  const link = ad.getByRole("link", { name: AD_TITLE, exact: true });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  await page
    .context()
    .route("https://example.com/**", (route) => route.fulfill({ body: "advertiser", contentType: "text/plain" }));
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  expect(tab.url()).toBe(AD_LINK);
  await tab.close();

  const skip = ad.getByRole("button", { name: "Skip ad" });
  await expect(skip).toBeVisible({ timeout: 7_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4_000);
  await skip.click();
  await expect(ad).toHaveCount(0);
  await expect(frame.locator("#answer")).toHaveText('{"shown":true,"reason":"shown"}');
  await expect(frame.locator("#events")).toHaveText(/resume/);
  await expect(frame.locator("#events")).toHaveText(/mute:true.*mute:false/);

  // a rewarded ad is earned once it could be skipped
  await frame.getByRole("button", { name: "Reward" }).click();
  await expect(ad).toBeVisible();
  await expect(ad.getByText(/Reward in \d s/)).toBeVisible();
  await ad.getByRole("button", { name: "Skip ad" }).click({ timeout: 7_000 });
  await expect(frame.locator("#answer")).toHaveText('{"granted":true}');

  await expect.poll(async () => (await statsOf("next"))?.impressions).toBe(1);
  expect(await statsOf("next")).toMatchObject({ impressions: 1, clicks: 1, dismissals: 1, noFills: 0 });
  await expect.poll(async () => (await statsOf("reward"))?.rewards).toBe(1);
  expect(errors).toEqual([]);
});

test("a game made for Poki sees house ads through its own SDK: onStart, the break's end, the reward earned", async ({
  browser,
}) => {
  test.slow();
  const html = fs.readFileSync(
    fileURLToPath(new URL("./fixtures/portal-games/poki/index.html", import.meta.url)),
    "utf8",
  );
  const [category] = (await (await admin.get("/api/categories")).json()) as Array<{ id: number }>;
  const [builtin] = (await (await admin.get("/api/games?limit=1")).json()) as Array<{ imageUrl: string }>;
  const res = await admin.post("/api/admin/games/upload", {
    multipart: {
      title: "E2E Poki Ads Game",
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
  const pokiId = ((await res.json()) as { id: number }).id;

  const page = await open(browser);
  const errors = watchConsole(page);
  await page.goto(`/game/${pokiId}`);
  await page.getByRole("button", { name: "Play Now" }).first().click();
  const frame = page.frameLocator('iframe[title="E2E Poki Ads Game"]');
  const ad = page.getByRole("dialog", { name: "Advertisement" });
  // the commercial break: onStart runs, the game waits until the player skips
  await expect(ad).toBeVisible({ timeout: 15_000 });
  await expect(frame.locator("#log")).toContainText("commercial break started");
  await expect(frame.locator("#log")).not.toContainText("commercial break finished");
  await ad.getByRole("button", { name: "Skip ad" }).click({ timeout: 7_000 });
  await expect(frame.locator("#log")).toContainText("commercial break finished");
  // the rewarded break, watched until it could be skipped
  await expect(ad).toBeVisible();
  await ad.getByRole("button", { name: "Skip ad" }).click({ timeout: 7_000 });
  await expect(frame.locator("#log")).toContainText("rewarded break: reward earned");
  await expect(frame.locator("#status")).toHaveText("done");
  expect(errors).toEqual([]);
});

test("no ad in school mode: the break answers at once and a reward is granted as set", async ({ browser }) => {
  const on = await admin.patch("/api/admin/settings", { data: { site: { school_mode: "true" } } });
  expect(on.status()).toBe(200);
  try {
    const page = await open(browser);
    const frame = await play(page);
    await frame.getByRole("button", { name: "Break" }).click();
    await expect(frame.locator("#answer")).toHaveText('{"shown":false,"reason":"school_mode"}');
    await frame.getByRole("button", { name: "Reward" }).click();
    await expect(frame.locator("#answer")).toHaveText('{"granted":true}');
    await expect(page.getByRole("dialog", { name: "Advertisement" })).toHaveCount(0);
  } finally {
    await admin.patch("/api/admin/settings", { data: { site: { school_mode: "false" } } });
  }
});

test("the CMS card shows the provider, the house ad and the counts", async ({ browser }) => {
  const page = await open(browser, { admin: true });
  await page.goto("/cms/settings");
  const card = page.getByRole("form", { name: "Ad settings" });
  await expect(card.getByRole("radio", { name: /House ads/ })).toBeChecked();
  await expect(page.getByRole("list", { name: "House ads" }).getByText(AD_TITLE)).toBeVisible();
  const table = page.getByRole("table", { name: /Ad events per day/ });
  await expect(table.getByRole("row", { name: new RegExp(`${TITLE} next 1 0 1 0 1`) })).toBeVisible();
});

const shotsDir = process.env.SHOTS_DIR;
test("screenshots of the ad over the game and of the CMS card", async ({ browser }) => {
  if (!shotsDir) return;
  test.slow();
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const theme of ["light", "dark"] as const) {
    for (const width of [1440, 375]) {
      const page = await open(browser, { theme, width });
      const frame = await play(page);
      await frame.getByRole("button", { name: "Break" }).click();
      const ad = page.getByRole("dialog", { name: "Advertisement" });
      await expect(ad.getByRole("img", { name: AD_TITLE })).toBeVisible();
      await ad.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shotsDir, `ad-over-game.${theme}.${width}.png`) });
      await page.context().close();

      const cms = await open(browser, { admin: true, theme, width });
      await cms.goto("/cms/settings");
      const card = cms.getByRole("form", { name: "Ad settings" });
      await expect(card).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await card.locator("xpath=ancestor::div[contains(@class, 'rounded')][1]").screenshot({
        path: path.join(shotsDir, `cms-ads-card.${theme}.${width}.png`),
      });
      await cms.context().close();
    }
  }
});
