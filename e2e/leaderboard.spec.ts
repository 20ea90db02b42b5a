import type { Page } from "@playwright/test";
import { acceptCookies, axeViolations, expect, holdRequests, longDate, num, openInApp, test } from "./fixtures";
import { startServer } from "./server";

/** /leaderboard (spec §2). */

type Entry = {
  rank: number;
  user: { id: number; username: string; createdAt: string };
  totalScore: number;
  gamesPlayed: number;
  winRate: number;
};

/** The board the page itself received for `search` (none = the whole board), so the comparison holds even while other tests add scores. */
function boardResponse(page: Page, search?: string) {
  return page.waitForResponse((r) => {
    const u = new URL(r.url());
    return u.pathname === "/api/leaderboard" && (u.searchParams.get("search") ?? undefined) === search;
  });
}

async function expectRows(page: Page, entries: Entry[]) {
  const rows = page.getByTestId("leaderboard-row");
  await expect(rows).toHaveCount(entries.length);
  for (const [i, e] of entries.entries()) {
    const row = rows.nth(i);
    await expect(row.locator("[data-field=rank]")).toHaveText(String(e.rank));
    await expect(row.getByRole("link", { name: e.user.username, exact: true })).toHaveAttribute(
      "href",
      `/profile/${e.user.id}`,
    );
    await expect(row).toContainText(`Member since ${longDate(e.user.createdAt)}`);
    await expect(row.locator("[data-field=score]")).toHaveText(num(e.totalScore));
    await expect(row.locator("[data-field=games]")).toHaveText(num(e.gamesPlayed));
    await expect(row.locator("[data-field=winRate]")).toHaveText(`${e.winRate}%`);
  }
}

test.describe("Leaderboard (issue 3 item 5)", () => {
  test.use({ playerPrefix: "lb" });
  test.beforeEach(async ({ page }) => acceptCookies(page));

  test("title, columns and rows match GET /api/leaderboard; trophies for the top 3", async ({
    page,
    consoleErrors,
  }) => {
    const response = boardResponse(page);
    await openInApp(page, "/leaderboard");
    await expect(page).toHaveTitle("Leaderboard - Arcadium");
    const entries = (await (await response).json()) as Entry[];
    expect(entries.length).toBeGreaterThanOrEqual(5);
    await expect(page.getByRole("columnheader")).toHaveText(["Rank", "Player", "Total Score", "Games", "Win Rate"]);
    await expectRows(page, entries);
    const rows = page.getByTestId("leaderboard-row");
    for (const [i, e] of entries.entries()) {
      await expect(rows.nth(i).getByTestId("trophy-badge")).toHaveCount(e.rank <= 3 ? 1 : 0);
    }
    expect(consoleErrors).toEqual([]);
  });

  test("'Rising Stars' shows the last 5 entries, reversed", async ({ page }) => {
    const response = boardResponse(page);
    await openInApp(page, "/leaderboard");
    const entries = (await (await response).json()) as Entry[];
    const expected = entries
      .slice(-5)
      .reverse()
      .map((e) => e.user.username);
    await expect(page.getByTestId("rising-star").getByRole("link")).toHaveText(expected);
  });

  test("the search asks the server and filters the table; no match shows 'No Players Found'", async ({
    page,
    request,
  }) => {
    const all = (await (await request.get("/api/leaderboard")).json()) as Entry[];
    const target = all[Math.floor(all.length / 2)].user.username;
    const part = target.slice(1, 5).toLowerCase();
    await page.goto("/leaderboard");
    await expect(page.getByTestId("leaderboard-row").first()).toBeVisible();

    const filtered = boardResponse(page, part);
    await page.getByPlaceholder("Search players...").fill(part);
    const entries = (await (await filtered).json()) as Entry[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.user.username.toLowerCase().includes(part))).toBe(true);
    await expectRows(page, entries);
    // The whole board still feeds 'Rising Stars'.
    await expect(page.getByTestId("rising-star")).toHaveCount(Math.min(5, all.length));

    const none = boardResponse(page, "zzqqxx");
    await page.getByPlaceholder("Search players...").fill("zzqqxx");
    await none;
    await expect(page.getByText("No Players Found")).toBeVisible();
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(0);
  });

  test("'Friends Only' signed out asks to sign in; Global Rankings come back (D84)", async ({ page }) => {
    const response = boardResponse(page);
    await openInApp(page, "/leaderboard");
    const entries = (await (await response).json()) as Entry[];
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(entries.length);
    await page.getByRole("tab", { name: "Friends Only" }).click();
    await expect(page.getByRole("tab", { name: "Friends Only" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Sign in to see how you rank against your friends")).toBeVisible();
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(0);
    await page.getByRole("tab", { name: "Global Rankings" }).click();
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(entries.length);
    await expect(page.getByTestId("leaderboard-row").first().getByRole("link")).toHaveText(entries[0].user.username);
  });

  test("signed out, 'Your Ranking' says 'Sign in to see your rank' with a 'Sign In' button", async ({ page }) => {
    await page.goto("/leaderboard");
    const card = page.locator("div.rounded-xl", { has: page.getByRole("heading", { name: "Your Ranking" }) });
    await expect(card.getByText("Sign in to see your rank")).toBeVisible();
    await card.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fleaderboard$/);
  });

  test("signed in, 'Your Ranking' shows the player's real standing", async ({ page, player }) => {
    await page.goto("/leaderboard");
    await expect(
      page.getByRole("banner").getByRole("button", { name: `Account menu for ${player.username}` }),
    ).toBeVisible();
    await expect(page.getByTestId("my-rank")).toHaveText("Not ranked yet: play a game to get on the board");
    await expect(page.getByText("Sign in to see your rank")).toHaveCount(0);
  });

  test("skeleton rows while the API is slow", async ({ page }) => {
    const board = await holdRequests(page, "**/api/leaderboard**");
    await openInApp(page, "/leaderboard");
    await expect(page.getByTestId("leaderboard-skeleton")).toHaveCount(10);
    await expect(page.getByTestId("rising-star-skeleton")).toHaveCount(5);
    board.release();
    await expect(page.getByTestId("leaderboard-row").first()).toBeVisible({ timeout: 10_000 });
  });

  for (const width of [1440, 375]) {
    for (const theme of ["light", "dark"]) {
      test(`fits, no console errors, no serious axe violations at ${width} px, ${theme}`, async ({
        page,
        consoleErrors,
      }) => {
        await page.addInitScript((t) => localStorage.setItem("arcadium-theme", t), theme);
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/leaderboard");
        await expect(page.getByTestId("leaderboard-row").first()).toBeVisible();
        await expect(page.getByTestId("rising-star").first()).toBeVisible();
        // The table fits its card: nothing scrolls sideways.
        const table = page.getByRole("table");
        const fits = await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth);
        expect(fits).toBe(true);
        expect(
          (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
        ).toEqual([]);
        expect(consoleErrors).toEqual([]);
      });
    }
  }
});

test.describe("Leaderboard without players", () => {
  test("an empty board shows 'No Players Found' (SEED_DEMO=false)", async ({ page }) => {
    test.setTimeout(90_000);
    const server = await startServer({ SEED_DEMO: "false" });
    try {
      await acceptCookies(page);
      await page.goto(`${server.url}/leaderboard`);
      await expect(page.getByText("No Players Found")).toBeVisible();
      await expect(page.getByText("No players yet.")).toBeVisible();
      await page.goto(`${server.url}/`);
      await expect(page.getByText("No scores this week yet")).toBeVisible();
    } finally {
      await server.stop();
    }
  });
});
