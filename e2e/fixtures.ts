import { test as base, expect, type Page } from "@playwright/test";

export type ApiGame = { id: number; title: string; frameUrl: string; isFeatured: boolean; new: boolean; hot: boolean };

/**
 * Habit 10: shared fixtures. `consoleErrors` collects console errors and page errors of the page;
 * `api` reads the running server's API so that tests compare the screen with the data.
 */
export const test = base.extend<{ consoleErrors: string[]; api: { games(): Promise<ApiGame[]> } }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const where = msg.location().url;
      // D14: signed out, GET /api/auth/user answers 401 by design; Chromium logs every non-2xx response.
      if (/status of 401/.test(msg.text()) && where.endsWith("/api/auth/user")) return;
      errors.push(`${msg.text()}${where ? ` (${where})` : ""}`);
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await use(errors);
  },
  api: async ({ request }, use) => {
    await use({
      games: async () => {
        const res = await request.get("/api/games");
        expect(res.ok()).toBe(true);
        return (await res.json()) as ApiGame[];
      },
    });
  },
});

export { expect };

/** Stores a cookie consent before the page loads, so the notice does not cover the page. */
export async function acceptCookies(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("cookieConsent", "all"));
}
