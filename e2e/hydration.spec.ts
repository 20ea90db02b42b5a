import type { ConsoleMessage, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, getJson, registerPlayer, test, type ApiGame } from "./fixtures";

/**
 * D70: every public page arrives rendered, and React takes it over (hydration)
 * without a warning or an error, with the data it was rendered from: after hydration the browser asks the
 * API only for what is personal or live (who is signed in, the chat).
 */

/**
 * What the browser may still fetch after a server-rendered page hydrates (ADR 010: client-only queries), and the
 * counting beacon of the cards seen (D134), which reads nothing.
 */
const CLIENT_ONLY_READS = /^\/api\/(auth\/session|chat|numbers\/beacon)$/;

type Visit = { path: string; heading: RegExp; status?: number };

async function visits(page: Page): Promise<Visit[]> {
  const [game] = await getJson<ApiGame[]>(page.request, "/api/games?limit=1&sort=popular");
  const [top] = await getJson<Array<{ user: { id: number; username: string } }>>(page.request, "/api/leaderboard");
  return [
    { path: "/", heading: /Play, Chat, Compete/ },
    { path: "/games", heading: /^All Games$/ },
    { path: "/games?search=astroid", heading: /^All Games$/ },
    { path: "/games/featured", heading: /^Featured Games$/ },
    { path: "/category/action", heading: /^Action/ },
    { path: "/category/new", heading: /^New Games$/ },
    { path: `/game/${game.id}`, heading: new RegExp(`^${game.title}$`) },
    { path: "/leaderboard", heading: /Leaderboard/ },
    { path: `/profile/${top.user.id}`, heading: new RegExp(`^${top.user.username}$`) },
    { path: "/privacy-policy", heading: /^Privacy Policy$/ },
    { path: "/about", heading: /About/ },
    { path: "/help", heading: /Help Center/ },
    { path: "/contact", heading: /Contact/ },
    { path: "/advertise-with-us", heading: /Advertise With Us/ },
    { path: "/login", heading: /./ },
    { path: "/game/999999", heading: /^Game Not Found$/, status: 404 },
    { path: "/no/such/page", heading: /^404 Page Not Found$/, status: 404 },
  ];
}

/**
 * Every console message of level warning or error, and every page error (a 404 page's own status is logged
 * too). Signed out, nothing answers 401: the session is asked of GET /api/auth/session (ADR 011).
 */
function watchEverything(page: Page, expectedStatus: () => number): string[] {
  const seen: string[] = [];
  page.on("console", (msg: ConsoleMessage) => {
    if (msg.type() !== "error" && msg.type() !== "warning") return;
    const where = msg.location().url;
    if (/status of 404/.test(msg.text()) && expectedStatus() === 404 && !where.includes("/api/")) return;
    seen.push(`${msg.type()}: ${msg.text()}${where ? ` (${where})` : ""}`);
  });
  page.on("pageerror", (err) => seen.push(`pageerror: ${err.message}`));
  return seen;
}

for (const theme of ["light", "dark"] as const) {
  test(`every public page hydrates without a warning and without fetching its data again (${theme} theme, new visitor)`, async ({
    page,
  }) => {
    test.slow();
    if (theme === "dark") await page.addInitScript(() => window.localStorage.setItem("arcadium-theme", "dark"));
    let expectedStatus = 200;
    const messages = watchEverything(page, () => expectedStatus);
    const reads: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/api/")) reads.push(`${url.pathname}${url.search}`);
    });
    for (const visit of await visits(page)) {
      expectedStatus = visit.status ?? 200;
      messages.length = 0;
      reads.length = 0;
      const res = await page.goto(visit.path);
      expect(res?.status(), visit.path).toBe(expectedStatus);
      await expect(
        page.getByRole("main").getByRole("heading", { name: visit.heading }).first(),
        visit.path,
      ).toBeVisible();
      // Signed out, the header shows Sign In once hydrated and the session read has answered.
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" }), visit.path).toBeVisible();
      // The cookie notice is the browser's own business: it appears after hydration.
      await expect(page.getByRole("region", { name: "Cookie notice" }), visit.path).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(messages, visit.path).toEqual([]);
      expect(
        reads.filter((r) => !CLIENT_ONLY_READS.test(r)),
        `${visit.path}: reads after hydration`,
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark")), visit.path).toBe(
        theme === "dark",
      );
      // React took over the server's <title> and description: one of each, saying what the screen says.
      const head = await page.evaluate(() => ({
        titles: document.querySelectorAll("title").length,
        descriptions: document.querySelectorAll('meta[name="description"]').length,
      }));
      expect(head, visit.path).toEqual({ titles: 1, descriptions: 1 });
    }
  });
}

test("a signed-in player gets the same page, then their own header after hydration, without a warning", async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem("cookieConsent", "all"));
  const player = await registerPlayer(page.request, "hydr");
  const messages = watchEverything(page, () => 200);
  for (const path of ["/", "/leaderboard", `/profile/${player.id}`]) {
    messages.length = 0;
    await page.goto(path);
    await expect(
      page.getByRole("button", { name: new RegExp(`Account menu for ${player.username}`) }),
      path,
    ).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(messages, path).toEqual([]);
  }
});

test("without JavaScript, a crawler reads the game page's title, description and similar games, and follows its links", async ({
  browser,
  baseURL,
}) => {
  // A context of its own: the fixtures' page waits for hydration after each navigation, which never comes here.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  try {
    const [game] = await getJson<Array<ApiGame & { description: string }>>(
      page.request,
      "/api/games?limit=1&sort=popular",
    );
    await page.goto(`/game/${game.id}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: game.title })).toBeVisible();
    await expect(main.getByText(game.description).first()).toBeVisible();
    await expect(main.getByRole("heading", { name: "Similar Games" })).toBeVisible();
    // Links work as plain links: from All Games to the game.
    await page.goto("/games");
    await expect(main.getByRole("heading", { level: 1, name: "All Games" })).toBeVisible();
    const firstGame = main.getByRole("link").filter({ hasText: game.title }).first();
    await expect(firstGame).toBeVisible();
    await firstGame.click();
    await expect(page).toHaveURL(new RegExp(`/game/${game.id}$`));
    await expect(main.getByRole("heading", { level: 1, name: game.title })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a link preview finds a 1200×630 picture on every public page, with its size and alt text (D71)", async ({
  page,
}) => {
  for (const visit of await visits(page)) {
    if (visit.status === 404) continue;
    const html = await (await page.request.get(visit.path)).text();
    const meta = (property: string) =>
      html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
    const image = meta("og:image");
    expect(image, visit.path).toBeTruthy();
    expect([meta("og:image:width"), meta("og:image:height")], visit.path).toEqual(["1200", "630"]);
    expect(meta("og:image:alt"), visit.path).toBeTruthy();
    expect([meta("twitter:card"), meta("twitter:image")], visit.path).toEqual(["summary_large_image", image]);
    const picture = await page.request.get(new URL(image!).pathname);
    expect(picture.status(), image).toBe(200);
    expect(await sharp(await picture.body()).metadata(), image).toMatchObject({ width: 1200, height: 630 });
  }
});
