import { fixtureGames, startFeedServer, type FeedServer } from "../src/test/feed-server";
import {
  acceptCookies,
  ADMIN_EMAIL,
  expect,
  signInAdmin,
  test,
  waitForHydrationAfterNavigation,
  watchConsole,
} from "./fixtures";
import { startServer, type RunningServer } from "./server";

/**
 * Issue 29: an admin adds a distributor's feed, syncs it, approves two of its games from the inbox, and a visitor
 * plays one from the home page, its frame loading the distributor's address (the site's frame-src names it, D115).
 */
let feed: FeedServer;
// A server of its own: the games this journey publishes would change other specs' lists on the shared admin server
let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  feed = await startFeedServer({ shape: "gamedistribution", games: fixtureGames(6, "e2e") });
  server = await startServer({
    NODE_ENV: "development",
    ADMIN_EMAILS: ADMIN_EMAIL,
    LOG_LEVEL: "info",
    FETCH_ALLOW_PRIVATE: "true",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await feed?.close();
});

test("add a feed, sync it, approve two games and play one from the home page", async ({ browser, playwright }) => {
  test.slow();
  const request = await playwright.request.newContext({ baseURL: server.url });
  await signInAdmin(request, server);
  const admin = await browser.newContext({ baseURL: server.url, storageState: await request.storageState() });
  await request.dispose();
  await acceptCookies(admin);
  const page = waitForHydrationAfterNavigation(await admin.newPage());
  await page.goto("/cms/feeds");
  await page.getByRole("button", { name: "Add feed" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Partner arcade (e2e)");
  await dialog.getByLabel(/^Address/).fill(feed.feedUrl);
  await dialog.getByRole("button", { name: "Add feed" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: "Partner arcade (e2e)" });
  await row.getByRole("button", { name: /Sync now/ }).click();
  await expect(row).toContainText("6 new", { timeout: 30_000 });

  await page.goto("/cms/feeds/inbox");
  const [first, second] = feed.games;
  await page.getByRole("checkbox", { name: `Select ${first.title}` }).check();
  await page.getByRole("checkbox", { name: `Select ${second.title}` }).check();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.locator("#main").getByRole("status")).toHaveText("2 items approved, 2 published");

  const context = await browser.newContext({ baseURL: server.url });
  await acceptCookies(context);
  const visitor = waitForHydrationAfterNavigation(await context.newPage());
  const errors = watchConsole(visitor);
  await visitor.goto("/");
  await visitor.getByRole("link", { name: first.title }).first().click();
  await expect(visitor).toHaveURL(/\/game\/\d+$/);
  await visitor.getByRole("button", { name: "Play Now" }).first().click();
  const frame = visitor.locator(`iframe[title="${first.title}"]`);
  await expect(frame).toHaveAttribute("src", new RegExp(`^${feed.url}/play/${first.id}/\\?gd_sdk_referrer_url=`));
  await expect(visitor.frameLocator(`iframe[title="${first.title}"]`).getByText("playing")).toBeVisible();
  const policy = (await visitor.request.get("/")).headers()["content-security-policy"];
  expect(policy).toMatch(new RegExp(`frame-src [^;]*${feed.url.replace(/[.:/]/g, "\\$&")}`));
  expect(errors).toEqual([]);
  await context.close();
  await admin.close();
});
