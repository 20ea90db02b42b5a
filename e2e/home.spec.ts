import type { Page } from "@playwright/test";
import {
  acceptCookies,
  axeViolations,
  expect,
  holdRequests,
  num,
  openInApp,
  scrollToChat,
  test,
  type ApiGame,
} from "./fixtures";

/** Home (spec §2). */

type Entry = {
  rank: number;
  user: { id: number; username: string };
  totalScore: number;
  gamesPlayed: number;
  winRate: number;
};
type FullGame = ApiGame & { description: string; category: string };

async function seriousA11yViolations(page: Page) {
  return (await axeViolations(page))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("Home (issue 3 item 1)", () => {
  test.beforeEach(async ({ page }) => acceptCookies(page));

  test("skeleton counts while the API is slow: 4 featured, 5 chips, 10 games, 5 leaderboard rows, 5 chat rows (spec §4)", async ({
    page,
  }) => {
    const data = await holdRequests(page, /\/api\/(games|categories|leaderboard|chat)(\/|\?|$)/);
    await openInApp(page, "/");
    await expect(page.getByTestId("featured-skeleton")).toHaveCount(4);
    await expect(page.getByTestId("category-skeleton")).toHaveCount(5);
    await expect(page.getByTestId("game-card-skeleton")).toHaveCount(10);
    await expect(page.getByTestId("leaderboard-skeleton")).toHaveCount(5);
    await expect(page.getByTestId("chat-skeleton")).toHaveCount(5);
    data.release();
    // … and they give way to the data.
    await expect(page.getByTestId("top-player-row").first()).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId("leaderboard-skeleton")).toHaveCount(0);
  });

  test("featured carousel: 340 px per click, left button disabled at 0, descriptions cut to 60 characters + '...'", async ({
    page,
    request,
  }) => {
    const featured = (await (await request.get("/api/games/featured")).json()) as FullGame[];
    expect(featured.length).toBeGreaterThanOrEqual(2);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const carousel = page.getByTestId("featured-carousel");
    await expect(carousel).toBeVisible();
    const left = page.getByRole("button", { name: "Scroll left" });
    const right = page.getByRole("button", { name: "Scroll right" });
    await expect(left).toBeDisabled();
    await expect(right).toBeEnabled();
    await right.click();
    await expect.poll(() => carousel.evaluate((el) => Math.round(el.scrollLeft))).toBe(340);
    await expect(left).toBeEnabled();
    await left.click();
    await expect.poll(() => carousel.evaluate((el) => Math.round(el.scrollLeft))).toBe(0);
    await expect(left).toBeDisabled();

    for (const g of featured) {
      const chars = Array.from(g.description);
      const expected = chars.length > 60 ? `${chars.slice(0, 60).join("")}...` : g.description;
      await expect(carousel.getByRole("article").filter({ hasText: g.title }).first()).toContainText(expected);
    }
  });

  test("games grid: 10 shown, 'Load More Games' +10 only while more are hidden, filters All/New/Hot/category reset to 10", async ({
    page,
    request,
  }) => {
    const games = (await (await request.get("/api/games?limit=100")).json()) as FullGame[];
    await page.goto("/");
    const grid = page.getByRole("list", { name: "Games" });
    const items = grid.getByRole("listitem");
    const more = page.getByRole("button", { name: "Load More Games" });
    const filters = page.getByRole("group", { name: "Filter games" });

    const expectCount = async (total: number) => {
      let shown = Math.min(10, total);
      await expect(items).toHaveCount(shown);
      while (shown < total) {
        await expect(more).toBeVisible();
        await more.click();
        shown = Math.min(shown + 10, total);
        await expect(items).toHaveCount(shown);
      }
      await expect(more).toHaveCount(0);
    };

    expect(games.length).toBeGreaterThan(10);
    await expectCount(games.length);

    const byFilter: Array<[string, number]> = [
      ["New", games.filter((g) => g.new).length],
      ["Hot", games.filter((g) => g.hot).length],
      [games[0].category, games.filter((g) => g.category === games[0].category).length],
      ["All", games.length],
    ];
    for (const [name, total] of byFilter) {
      await filters.getByRole("button", { name, exact: true }).click();
      await expect(filters.getByRole("button", { name, exact: true })).toHaveAttribute("aria-pressed", "true");
      if (total === 0) {
        await expect(page.getByText("No games found")).toBeVisible();
        continue;
      }
      await expectCount(total);
    }
    // Choosing a filter resets the visible count to 10.
    await filters.getByRole("button", { name: "Hot", exact: true }).click();
    await filters.getByRole("button", { name: "All", exact: true }).click();
    await expect(items).toHaveCount(10);
  });

  test("the collections block has its four tiles with their real games counts, each linking to its page (D83)", async ({
    page,
    request,
  }) => {
    const collections = (await (await request.get("/api/collections")).json()) as Array<{
      slug: string;
      title: string;
      gameCount: number;
    }>;
    expect(collections.map((c) => c.title)).toEqual([
      "Modern Games",
      "Retro Arcade",
      "Mobile Favorites",
      "Multiplayer Arena",
    ]);
    await page.goto("/");
    const section = page.locator("section", {
      has: page.getByRole("heading", { name: "All Your Favorite Gaming Experiences" }),
    });
    const tiles = section.getByTestId("experience-tile");
    await expect(tiles).toHaveCount(4);
    for (const [i, c] of collections.entries()) {
      await expect(tiles.nth(i).getByRole("heading", { level: 3 })).toHaveText(c.title);
      await expect(tiles.nth(i)).toContainText(`${c.gameCount} ${c.gameCount === 1 ? "game" : "games"}`);
      await expect(tiles.nth(i).getByRole("link")).toHaveAttribute("href", `/collection/${c.slug}`);
      await expect(tiles.nth(i).locator("svg").first()).toBeVisible();
    }
    // Local art only: no external images on the page.
    const external = await page.evaluate(() =>
      [...document.images].map((i) => i.src).filter((s) => !s.startsWith(location.origin)),
    );
    expect(external).toEqual([]);
  });

  test("'Top Players This Week' rows match GET /api/leaderboard?period=week&limit=5 (D24)", async ({ page }) => {
    const response = page.waitForResponse((r) => r.url().includes("/api/leaderboard"));
    await openInApp(page, "/");
    const res = await response;
    const url = new URL(res.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ period: "week", limit: "5" });
    const entries = (await res.json()) as Entry[];
    expect(entries.length).toBeGreaterThan(0);
    const rows = page.getByTestId("top-player-row");
    await expect(rows).toHaveCount(entries.length);
    for (const [i, e] of entries.entries()) {
      const row = rows.nth(i);
      await expect(row).toContainText(String(e.rank));
      await expect(row.getByRole("link", { name: e.user.username })).toHaveAttribute("href", `/profile/${e.user.id}`);
      await expect(row.locator("[data-field=score]")).toHaveText(num(e.totalScore));
      await expect(row.locator("[data-field=games]")).toHaveText(num(e.gamesPlayed));
      await expect(row.locator("[data-field=winRate]")).toHaveText(`${e.winRate}%`);
    }
    // Friends (D84), signed out: asked to sign in, no invented players.
    await page.getByRole("tab", { name: "Friends" }).click();
    await expect(page.getByText("Sign in to see how you rank against your friends")).toBeVisible();
    await expect(rows).toHaveCount(0);
    await page.getByRole("tab", { name: "Global" }).click();
    await expect(rows).toHaveCount(entries.length);

    await page.getByRole("link", { name: /View Full Leaderboard/ }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
  });

  test("the public chat section shows the seeded messages and the signed-out note (D35)", async ({ page }) => {
    await page.goto("/");
    await scrollToChat(page);
    const chat = page.locator("section", { has: page.getByRole("heading", { name: "Community Chat" }) });
    await expect(chat.getByRole("log", { name: "Chat messages" }).locator("[data-message-id]").first()).toBeVisible();
    await expect(chat.getByText("Sign in to chat")).toBeVisible();
  });

  test("closing banner: content title, 'Sign Up - It's Free!' → /login?tab=register, 'Browse Games' → /games", async ({
    page,
  }) => {
    await page.goto("/");
    const banner = page.locator("section", { has: page.getByRole("heading", { name: "Ready to join the fun?" }) });
    await expect(banner).toBeVisible();
    await banner.getByRole("link", { name: "Sign Up - It's Free!" }).click();
    await expect(page).toHaveURL(/\/login\?tab=register$/);
    await page.goBack();
    await page
      .locator("section", { has: page.getByRole("heading", { name: "Ready to join the fun?" }) })
      .getByRole("link", { name: "Browse Games" })
      .click();
    await expect(page).toHaveURL(/\/games$/);
  });

  test("failed and empty featured lists show the spec's texts (spec §8)", async ({ page }) => {
    await page.route("**/api/games/featured", (r) =>
      r.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom" }) }),
    );
    await openInApp(page, "/");
    await expect(page.getByText("Failed to load featured games")).toBeVisible();
    await page.unroute("**/api/games/featured");
    await page.route("**/api/games/featured", (r) =>
      r.fulfill({ status: 200, contentType: "application/json", body: "[]" }),
    );
    await openInApp(page, "/");
    await expect(page.getByText("No featured games available")).toBeVisible();
  });

  for (const width of [1440, 375]) {
    for (const theme of ["light", "dark"]) {
      test(`no console errors and no serious axe violations at ${width} px, ${theme}`, async ({
        page,
        consoleErrors,
      }) => {
        await page.addInitScript((t) => localStorage.setItem("arcadium-theme", t), theme);
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/");
        await expect(page.getByTestId("top-player-row").first()).toBeVisible();
        await expect(page.getByRole("list", { name: "Games" })).toBeVisible();
        await scrollToChat(page);
        await expect(page.getByTestId("chat-skeleton")).toHaveCount(0);
        expect(await seriousA11yViolations(page)).toEqual([]);
        expect(consoleErrors).toEqual([]);
      });
    }
  }

  test("keyboard: the carousel buttons and the Top Players tabs work without a mouse", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const right = page.getByRole("button", { name: "Scroll right" });
    await right.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Scroll left" })).toBeEnabled();
    const global = page.getByRole("tab", { name: "Global" });
    await global.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Friends" })).toHaveAttribute("aria-selected", "true");
  });
});
