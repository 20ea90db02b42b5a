import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  acceptCookies,
  animationFrames,
  expect,
  isOnGamesOrigin,
  leaveAutoFullscreen,
  test,
  watchFullscreen,
  type ApiGame,
} from "./fixtures";

/**
 * Every built-in game loads in the frame on the games origin without console errors and
 * reaches its game-over screen when driven (the `__arcadiumTest.finish()` hook of sdk/README.md),
 * sending one SDK v2 score request (D22) to the host page. One test per game and check, so that each
 * has its own time limit; the tests of this file run in parallel.
 */

/** The built-in games' titles, from games/<slug>/game.json (the seed installs each of them). */
const GAMES_DIR = fileURLToPath(new URL("../games/", import.meta.url));
const TITLES = fs
  .readdirSync(GAMES_DIR)
  .map((slug) => path.join(GAMES_DIR, slug, "game.json"))
  .filter((manifest) => fs.existsSync(manifest))
  .map((manifest) => (JSON.parse(fs.readFileSync(manifest, "utf8")) as { title: string }).title);

test.describe("built-in games smoke", () => {
  test.describe.configure({ mode: "parallel" });
  let builtins: ApiGame[] = [];
  test.beforeAll(async ({ request }) => {
    const res = await request.get("/api/games?sort=newest");
    builtins = ((await res.json()) as ApiGame[]).filter(isOnGamesOrigin);
    expect(builtins.length).toBeGreaterThanOrEqual(12);
  });
  const builtin = (title: string) => {
    const game = builtins.find((g) => g.title === title);
    expect(game, `${title} is served by the games origin`).toBeDefined();
    return game!;
  };

  for (const title of TITLES) {
    test(`${title} starts, ends and reports a score`, async ({ page, consoleErrors }) => {
      const game = builtin(title);
      await acceptCookies(page);
      await watchFullscreen(page);
      const frameErrors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && msg.location().url.startsWith(process.env.E2E_GAMES_URL!))
          frameErrors.push(msg.text());
      });
      await page.goto(`/game/${game.id}`);
      await page.evaluate(() => {
        (window as unknown as { __sdkMessages: unknown[] }).__sdkMessages = [];
        window.addEventListener("message", (e) =>
          (window as unknown as { __sdkMessages: unknown[] }).__sdkMessages.push({ origin: e.origin, data: e.data }),
        );
      });
      await page.getByRole("button", { name: "Play Now" }).first().click();
      const frame = page.frameLocator(`iframe[title="${game.title}"]`);
      await expect(frame.locator("body")).toHaveAttribute("data-state", "title", { timeout: 10_000 });
      // The page's fullscreen request resizes the frame: Start is clicked once it has been answered.
      await leaveAutoFullscreen(page);
      await frame.getByRole("button", { name: "Start" }).click();
      await expect(frame.locator("body")).toHaveAttribute("data-state", "playing");
      await frame
        .locator("body")
        .evaluate(() => (window as unknown as { __arcadiumTest: { finish(): void } }).__arcadiumTest.finish());
      await expect(frame.locator("body")).toHaveAttribute("data-state", "gameover");
      await expect(frame.getByText("Game Over").first()).toBeVisible();
      await expect
        .poll(async () =>
          page.evaluate(
            () =>
              (window as unknown as { __sdkMessages: Array<{ data: { type?: string } }> }).__sdkMessages.filter(
                (m) => m.data?.type === "score.submit",
              ).length,
          ),
        )
        .toBe(1);
      const messages = await page.evaluate(
        () =>
          (
            window as unknown as {
              __sdkMessages: Array<{ origin: string; data: { v: number; type: string; payload: { score?: number } } }>;
            }
          ).__sdkMessages,
      );
      const scoreMsg = messages.find((m) => m.data.type === "score.submit")!;
      expect(scoreMsg.origin).toBe(process.env.E2E_GAMES_URL);
      // The built-in games load SDK v2 (D75): one request per call, with its id.
      expect(scoreMsg.data.v).toBe(2);
      expect(Number.isInteger(scoreMsg.data.payload.score)).toBe(true);
      expect(messages.map((m) => m.data.type)).toContain("gameplay.start");
      expect(frameErrors).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }

  // A frame can be resized to a few pixels (a fullscreen change, a phone rotating, a collapsing layout):
  // drawing code must not throw on the tiny or negative sizes that gives (e.g. arcTo with a negative radius).
  for (const title of TITLES) {
    test(`${title} survives its frame being squeezed to almost nothing and grown back, while playing`, async ({
      browser,
    }) => {
      const game = builtin(title);
      const context = await browser.newContext({ viewport: { width: 480, height: 320 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(`${page.url()}: ${err.message}`));
      // (A game opened on its own, not in the site's frame, makes the browser ask for /favicon.ico: not the game's error.)
      page.on(
        "console",
        (msg) =>
          msg.type() === "error" &&
          !msg.location().url.endsWith("/favicon.ico") &&
          errors.push(`${page.url()}: ${msg.text()}`),
      );
      await page.setViewportSize({ width: 480, height: 320 });
      await page.goto(game.frameUrl);
      await expect(page.locator("body")).toHaveAttribute("data-state", "title", { timeout: 10_000 });
      await page.getByRole("button", { name: "Start" }).click();
      await expect(page.locator("body")).toHaveAttribute("data-state", "playing");
      // Chromium draws a page this small at about one frame a second: two frames (one whole frame at the
      // new size) prove the drawing code runs there, and keep each test to a few seconds.
      for (const size of [
        { width: 6, height: 4 },
        { width: 30, height: 12 },
        { width: 480, height: 320 },
      ]) {
        await page.setViewportSize(size);
        await animationFrames(page, 2);
      }
      await page
        .locator("body")
        .evaluate(() => (window as unknown as { __arcadiumTest: { finish(): void } }).__arcadiumTest.finish());
      await expect(page.locator("body")).toHaveAttribute("data-state", "gameover");
      await page.setViewportSize({ width: 6, height: 4 });
      await animationFrames(page, 2); // the game-over screen drawn tiny too
      await context.close();
      expect(errors).toEqual([]);
    });
  }
});
