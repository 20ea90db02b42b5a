import { expect, test, watchConsole } from "./fixtures";

/**
 * D134: the numbers are counted as a visitor browses (the grid's cards seen, the game's page opened) and an
 * admin reads them for the game and the site, as charts with the counts of today.
 */
test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

test("a visitor's cards and page view are counted without a cookie, and the admin sees them", async ({
  adminPage: page,
  browser,
  adminServer,
}) => {
  const visitor = await (await browser.newContext({ baseURL: adminServer.url })).newPage();
  await visitor.addInitScript(() => localStorage.setItem("cookieConsent", "necessary"));
  const beacons: Array<{ body: { impressions: number[]; view: number | null }; cookie: string | undefined }> = [];
  visitor.on("request", (r) => {
    if (r.url().endsWith("/api/numbers/beacon")) beacons.push({ body: r.postDataJSON(), cookie: r.headers().cookie });
  });
  await visitor.goto("/games");
  await expect.poll(() => beacons.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const seen = beacons.flatMap((b) => b.body.impressions);
  expect(seen.length).toBeGreaterThan(0);
  expect(new Set(seen).size).toBe(seen.length);
  const gameId = seen[0];
  await visitor.goto(`/game/${gameId}`);
  await expect.poll(() => beacons.some((b) => b.body.view === gameId), { timeout: 15_000 }).toBe(true);
  expect(beacons.every((b) => b.cookie === undefined)).toBe(true);
  await visitor.context().close();

  const errors = watchConsole(page);
  await page.goto("/cms/games");
  await page
    .getByRole("link", { name: /^Numbers of / })
    .first()
    .waitFor();
  await page.goto(`/cms/games/${gameId}/numbers`);
  await expect(page.getByRole("heading", { level: 1, name: /^Numbers: / })).toBeVisible();
  const visitors = page.locator("figure", { hasText: "Seen, opened and played" });
  await expect(visitors.locator("canvas").first()).toBeVisible();
  const numbers = (await (await page.request.get(`/api/numbers/games/${gameId}`)).json()) as {
    days: Array<{ live: boolean; impressions: number; pageViews: number }>;
  };
  const today = numbers.days.at(-1)!;
  expect(today.live).toBe(true);
  expect(today.impressions).toBeGreaterThanOrEqual(1);
  expect(today.pageViews).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeVisible();
  expect(errors).toEqual([]);
});
