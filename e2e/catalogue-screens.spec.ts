import type { Page } from "@playwright/test";
import { acceptCookies, expect, holdRequests, openInApp, test } from "./fixtures";

/** All Games, /games/featured and the category page, with the spec's texts, counts and states. */

type G = {
  id: number;
  title: string;
  plays: number;
  isFeatured: boolean;
  categorySlug: string;
  new: boolean;
  hot: boolean;
};

async function manyGames(page: Page, n: number): Promise<G[]> {
  const [template] = (await (await page.request.get("/api/games?limit=1")).json()) as G[];
  return Array.from({ length: n }, (_, i) => ({
    ...template,
    id: 10_000 + i,
    title: `Mock Game ${String(i + 1).padStart(2, "0")}`,
  }));
}

test.describe("All Games (spec §2, D52)", () => {
  test("10 placeholders while loading, then every game", async ({ page, api }) => {
    await acceptCookies(page);
    const games = await api.games();
    const list = await holdRequests(page, "**/api/games?**");
    await openInApp(page, "/games");
    await expect(page.getByRole("heading", { name: "All Games", level: 1 })).toBeVisible();
    await expect(page.getByTestId("game-card-skeleton")).toHaveCount(10);
    list.release();
    await expect(page.getByTestId("game-card-skeleton")).toHaveCount(0, { timeout: 10_000 });
    for (const g of games.slice(0, 3)) await expect(page.getByRole("link", { name: g.title }).first()).toBeVisible();
  });

  test("search keeps its state in the URL; no match shows the empty state and 'Clear filters' resets it", async ({
    page,
    api,
  }) => {
    await acceptCookies(page);
    const games = await api.games();
    await page.goto("/games");
    await page.getByPlaceholder("Search games...").fill("no-game-is-called-this");
    await expect(page).toHaveURL(/search=no-game-is-called-this/);
    await expect(page.getByText("No games found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/search=/);
    await expect(page.getByPlaceholder("Search games...")).toHaveValue("");
    await expect(page.getByRole("link", { name: games[0].title }).first()).toBeVisible();
  });

  test("Most Popular sorts by plays, and a category from the URL filters", async ({ page, request }) => {
    await acceptCookies(page);
    const popular = (await (await request.get("/api/games?sort=popular")).json()) as G[];
    await page.goto("/games?sort=popular");
    const first = page.getByRole("list", { name: /games/i }).getByRole("listitem").first();
    await expect(first).toContainText(popular[0].title);
    const puzzle = (await (await request.get("/api/games?category=puzzle")).json()) as G[];
    await page.goto("/games?category=puzzle");
    for (const g of puzzle) await expect(page.getByRole("link", { name: g.title }).first()).toBeVisible();
    const others = popular.filter((g) => g.categorySlug !== "puzzle");
    await expect(page.getByRole("link", { name: others[0].title })).toHaveCount(0);
  });

  test("/games/featured shows the featured games under 'Featured Games' (D50)", async ({ page, request }) => {
    await acceptCookies(page);
    const featured = (await (await request.get("/api/games/featured")).json()) as G[];
    await page.goto("/games/featured");
    await expect(page.getByRole("heading", { name: "Featured Games", level: 1 })).toBeVisible();
    for (const g of featured) await expect(page.getByRole("link", { name: g.title }).first()).toBeVisible();
  });
});

test.describe("Category page (spec §2)", () => {
  test("title, 'N games' and the grid/list toggle", async ({ page, request }) => {
    await acceptCookies(page);
    const action = await request.get("/api/games/category/action");
    await page.goto("/category/action");
    await expect(page.getByRole("heading", { name: "Action", level: 1 })).toBeVisible();
    await expect(page.getByText(`${action.headers()["x-total-count"]} games`)).toBeVisible();
    const list = page.getByRole("button", { name: "List view" });
    await list.click();
    await expect(list).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "false");
    for (const [slug, title] of [
      ["new", "New Games"],
      ["hot", "Hot Games"],
    ]) {
      await page.goto(`/category/${slug}`);
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    }
  });

  test("12 placeholders, 12 shown, 'Load More Games' adds 12 and disappears when all are shown; a new slug resets to 12", async ({
    page,
  }) => {
    await acceptCookies(page);
    const games = await manyGames(page, 30);
    // The screen asks the server for each page of 12 (GET /api/games?category&sort&limit&offset).
    const category = await holdRequests(page, "**/api/games?**", (route) => {
      const url = new URL(route.request().url());
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const limit = Number(url.searchParams.get("limit") ?? 24);
      return route.fulfill({
        json: games.slice(offset, offset + limit),
        headers: { "X-Total-Count": String(games.length) },
      });
    });
    await openInApp(page, "/category/action");
    await expect(page.getByTestId("game-card-skeleton")).toHaveCount(12);
    category.release();
    await expect(page.getByText("30 games")).toBeVisible({ timeout: 10_000 });
    const items = page.getByRole("list", { name: "Action" }).getByRole("listitem");
    await expect(items).toHaveCount(12);
    await page.getByRole("button", { name: "Load More Games" }).click();
    await expect(items).toHaveCount(24);
    await page.getByRole("button", { name: "Load More Games" }).click();
    await expect(items).toHaveCount(30);
    await expect(page.getByRole("button", { name: "Load More Games" })).toHaveCount(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "Puzzle" }).click();
    await expect(page.getByText("30 games")).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole("list", { name: "Puzzle" }).getByRole("listitem")).toHaveCount(12);
  });

  test("an empty category shows 'No Games Found'", async ({ page }) => {
    await acceptCookies(page);
    await page.route("**/api/games?**", (route) => route.fulfill({ json: [], headers: { "X-Total-Count": "0" } }));
    await openInApp(page, "/category/sports");
    await expect(page.getByText("No Games Found")).toBeVisible();
  });
});
