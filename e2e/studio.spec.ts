import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectToast,
  registerPlayer,
  test,
  waitForHydrationAfterNavigation,
  watchConsole,
  zipOf,
} from "./fixtures";

/**
 * D130, D131 end to end, on the admin journey's server: a player applies to become a creator in Settings, an admin
 * approves in /cms/users' Applications view, the new creator finds the studio in the avatar menu, uploads a game,
 * uploads build 2 and rolls back to build 1; the games origin serves build 1 again and build 2 stays at its preview.
 *
 * SHOTS_DIR=/some/dir also saves /studio and the CMS's Applications view at 1440 and 375 px, light and dark.
 */
test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

const gamePage = (text: string) =>
  `<!doctype html><html><head><title>${text}</title></head><body><h1>${text}</h1></body></html>`;

type Builds = { game: { id: number; liveBuild: number | null }; builds: Array<{ number: number; live: boolean }> };

test("a player applies, is approved, uploads a game and build 2, then rolls back to build 1 (D130, D131)", async ({
  adminPage,
  adminServer,
  adminState,
  browser,
}) => {
  const context = await browser.newContext({ baseURL: adminServer.url });
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "all"));
  try {
    const player = await registerPlayer(context.request, "maker");
    const page = await context.newPage();
    const errors = watchConsole(page);

    // The player applies from Settings.
    await page.goto("/settings#creator");
    await waitForHydrationAfterNavigation(page);
    const apply = page.getByRole("form", { name: "Apply to become a creator" });
    await apply.getByLabel("What you make").fill("Tiny arcade games for the browser");
    await apply.getByLabel("A link to your work").fill("https://example.com/my-games");
    await apply.getByRole("button", { name: "Apply" }).click();
    await expectToast(page, "Application sent");
    await expect(page.getByText("Waiting for an answer")).toBeVisible();

    // The admin approves it in /cms/users → Applications.
    await adminPage.goto("/cms/users?view=applications");
    const application = adminPage.getByRole("listitem", { name: `Application from ${player.username}` });
    await expect(application.getByText("Tiny arcade games for the browser")).toBeVisible();
    await application.getByRole("button", { name: `Approve ${player.username}` }).click();
    await expectToast(adminPage, `${player.username} is a creator now`);
    await expect(application.getByText("Approved")).toBeVisible();

    // The creator reaches the studio from the avatar menu.
    await page.goto("/");
    await waitForHydrationAfterNavigation(page);
    await page.getByRole("button", { name: `Account menu for ${player.username}` }).click();
    await page.getByRole("menuitem", { name: "Studio" }).click();
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByRole("heading", { name: "Studio", level: 1 })).toBeVisible();

    // A new game: build 1, hidden until staff show it.
    const newGame = page.getByRole("form", { name: "Upload a new game" });
    await newGame.getByLabel("Title").fill("E2E Studio Game");
    await newGame.getByLabel("Description").fill("Made in the studio");
    await newGame.getByLabel("Notes for build 1").fill("First try");
    await newGame.getByLabel("Package (.zip or .html)").setInputFiles({
      name: "studio-game.zip",
      mimeType: "application/zip",
      buffer: await zipOf({ "index.html": gamePage("Studio build one") }),
    });
    await newGame.getByRole("button", { name: "Upload game" }).click();
    await expectToast(page, "Game uploaded");
    await expect(page.getByText("Draft: hidden until staff show it")).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Build 1 (live)" })).toBeVisible();
    const games = (await (await context.request.get("/api/studio/games")).json()) as Array<{
      id: number;
      title: string;
    }>;
    const gameId = games.find((g) => g.title === "E2E Studio Game")!.id;
    // D133: each build is submitted and an admin approves it before it is published
    const passReview = async (number: number) => {
      await page.getByRole("button", { name: `Submit for review build ${number}` }).click();
      await expectToast(page, `Build ${number} submitted`);
      const approved = await adminPage.request.post(`/api/admin/build-reviews/${gameId}/${number}/approve`, {
        data: {},
        headers: { origin: adminServer.url },
      });
      expect(approved.status()).toBe(200);
      await page.reload();
      await waitForHydrationAfterNavigation(page);
    };
    await passReview(1);

    // Build 2, published once it passes review.
    const upload = page.getByRole("form", { name: "Upload a new build" });
    await upload.getByLabel("Notes").fill("Faster enemies");
    await upload.getByLabel("Package (.zip or .html)").setInputFiles({
      name: "studio-game-2.zip",
      mimeType: "application/zip",
      buffer: await zipOf({ "index.html": gamePage("Studio build two") }),
    });
    await upload.getByRole("button", { name: "Upload build" }).click();
    await expectToast(page, "Build 2 uploaded");
    await passReview(2);
    await expect(page.getByRole("listitem", { name: "Build 2 (live)" })).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Build 2 (live)" }).getByText("Faster enemies")).toBeVisible();

    const frame = async () => (await context.request.get(`${adminServer.gamesUrl}/game-frame/${gameId}/`)).text();
    expect(await frame()).toContain("Studio build two");

    // Rollback in one click.
    await page.getByRole("button", { name: "Make live build 1" }).click();
    await expectToast(page, "Build 1 is live");
    await expect(page.getByRole("listitem", { name: "Build 1 (live)" })).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Build 2", exact: true })).toBeVisible();
    expect(await frame()).toContain("Studio build one");
    const state = (await (await context.request.get(`/api/studio/games/${gameId}/builds`)).json()) as Builds;
    expect(state.game.liveBuild).toBe(1);

    // Build 2 is intact: its preview address still serves it (and only with the signature).
    const preview = (await (await context.request.get(`/api/studio/games/${gameId}/builds/2/preview`)).json()) as {
      url: string;
    };
    expect(await (await context.request.get(preview.url)).text()).toContain("Studio build two");
    const unsigned = preview.url.replace(/\/\d+\.[A-Za-z0-9_-]+\/$/, "/0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/");
    expect((await context.request.get(unsigned)).status()).toBe(404);
    expect(errors).toEqual([]);

    await shootStudio(browser, adminServer.url, await context.storageState(), adminState);
  } finally {
    await context.close();
  }
});

test("the studio tells a player how to become a creator, and its API refuses them (D130)", async ({
  browser,
  adminServer,
}) => {
  const context = await browser.newContext({ baseURL: adminServer.url });
  await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "all"));
  try {
    await registerPlayer(context.request, "notyet");
    const page = await context.newPage();
    await page.goto("/studio");
    await waitForHydrationAfterNavigation(page);
    await expect(page.getByRole("heading", { name: "The studio is for creators" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Apply to become a creator" })).toHaveAttribute(
      "href",
      "/settings#creator",
    );
    expect((await context.request.get("/api/studio/games")).status()).toBe(403);
  } finally {
    await context.close();
  }
});

type State = Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;

async function shootStudio(browser: Browser, baseURL: string, creatorState: State, adminState: State) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  // a pending application, so that the view shows its buttons
  const applicant = await browser.newContext({ baseURL });
  await registerPlayer(applicant.request, "applicant");
  await applicant.request.post("/api/me/creator-application", {
    data: { about: "Rhythm games and a long-running puzzle series", link: "https://example.com/rhythm" },
  });
  await applicant.close();
  const shots: Array<[string, string, State, (page: Page) => Promise<void>]> = [
    [
      "studio",
      "/studio",
      creatorState,
      (p) => expect(p.getByRole("listitem", { name: "Build 1 (live)" })).toBeVisible(),
    ],
    [
      "cms-applications",
      "/cms/users?view=applications",
      adminState,
      (p) => expect(p.getByRole("list", { name: "Creator applications" })).toBeVisible(),
    ],
  ];
  for (const [name, url, storageState, ready] of shots)
    for (const theme of ["light", "dark"] as const)
      for (const width of [1440, 375]) {
        const context = await browser.newContext({ baseURL, storageState, viewport: { width, height: 900 } });
        await context.addInitScript((t) => {
          localStorage.setItem("arcadium-theme", t);
          localStorage.setItem("cookieConsent", "all");
        }, theme);
        const page = await context.newPage();
        await page.goto(url);
        await ready(page);
        await page.screenshot({ path: path.join(dir, `${name}.${theme}.${width}.png`), fullPage: true });
        await context.close();
      }
}
