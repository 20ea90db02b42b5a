import { defineConfig, devices } from "@playwright/test";
// @ts-expect-error: plain ES module without types
import { CHROMIUM_ARGS, findChromium } from "./scripts/browser.mjs";

const executablePath: string | undefined = findChromium() ?? undefined;

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  // Every spec is independent of the others; the few whose tests share state say so (mode "serial").
  fullyParallel: true,
  workers: 2,
  // Issue 11 item 9: on CI a test that fails is run once more and, if it then passes, is reported as
  // "flaky" in the log (never as passed). The suite is green without retries (three runs in a row in a
  // fresh clone, retries 0); the retry stays for CI only because a few tests hold real-time bounds of the
  // spec (a chat message on another page within 2 s) that a shared, noisy machine can miss once.
  // Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: { executablePath, args: CHROMIUM_ARGS } } },
  ],
});
