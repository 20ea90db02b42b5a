import { defineConfig, devices } from "@playwright/test";
// @ts-expect-error: plain ES module without types
import { CHROMIUM_ARGS, findChromium } from "./scripts/browser.mjs";

const executablePath: string | undefined = findChromium() ?? undefined;

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  // Every spec is independent of the others; the few whose tests share state say so (mode "serial").
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // Issue 11 item 9: on CI a test that fails is run once more and, if it then passes, is reported as
  // "flaky" in the log (never as passed). The last CI run failed on three timing-dependent steps (a
  // chat round trip, a game's Start click, a carousel's smooth scroll) that pass on their own; the
  // steadiness work (wip/issue11-e2e-speed) removes their causes, after which this goes back to 0.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: { executablePath, args: CHROMIUM_ARGS } } }],
});
