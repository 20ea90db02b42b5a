import type { Page } from "@playwright/test";
import { acceptCookies, axeViolations, expect, longDate, num, openInApp, test } from "./fixtures";

/** /profile/{id} (spec §2): real statistics and working buttons. */

type Profile = {
  id: number;
  username: string;
  createdAt: string;
  rank: number | null;
  totalScore: number;
  gamesPlayed: number;
  winRate: number;
};
type Stats = {
  games: Array<{ gameId: number; title: string; bestScore: number; lastPlayedAt: string }>;
  categories: Array<{ slug: string; name: string; share: number }>;
  achievements: Array<{ id: string; title: string; unlockedAt: string | null }>;
  unlockedCount: number;
  totalAchievements: number;
};

/** Opens the profile inside the app (the browser reads its data, ADR 010) and returns exactly what the page received from /api/users/{id} and /stats. */
async function openProfile(page: Page, id: number): Promise<{ profile: Profile; stats: Stats }> {
  const profileRes = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/users/${id}`);
  const statsRes = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/users/${id}/stats`);
  await openInApp(page, `/profile/${id}`);
  return { profile: (await (await profileRes).json()) as Profile, stats: (await (await statsRes).json()) as Stats };
}

async function topPlayerId(page: Page): Promise<number> {
  const board = (await (await page.request.get("/api/leaderboard?limit=3")).json()) as Array<{ user: { id: number } }>;
  expect(board.length).toBeGreaterThan(0);
  return board[0].user.id;
}

test.describe("Profile (issue 3 item 6)", () => {
  test.use({ playerPrefix: "pf" });
  test.beforeEach(async ({ page }) => acceptCookies(page));

  test("the heading numbers match GET /api/users/{id}; title per D1; signed out, Message and Add Friend ask to sign in first (D84)", async ({
    page,
    consoleErrors,
  }) => {
    const id = await topPlayerId(page);
    const { profile } = await openProfile(page, id);
    await expect(page).toHaveTitle(`${profile.username} - Arcadium`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(profile.username);
    expect(profile.rank).not.toBeNull();
    await expect(page.getByTestId("rank-badge")).toHaveText(`Rank #${profile.rank}`);
    await expect(page.locator("[data-field=totalScore]")).toHaveText(num(profile.totalScore));
    await expect(page.locator("[data-field=gamesPlayed]")).toHaveText(num(profile.gamesPlayed));
    await expect(page.locator("[data-field=winRate]")).toHaveText(`${profile.winRate}%`);
    await expect(page.locator("[data-field=memberSince]")).toHaveText(longDate(profile.createdAt));
    // Avatar initials fallback (no image for demo players).
    await expect(page.getByText(profile.username.slice(0, 2).toUpperCase(), { exact: true }).first()).toBeVisible();

    const login = `/api/auth/login?returnTo=${encodeURIComponent(`/profile/${id}`)}`;
    await expect(page.getByRole("link", { name: "Add Friend" })).toHaveAttribute("href", login);
    await expect(page.getByRole("link", { name: "Message" })).toHaveAttribute("href", login);
    expect(consoleErrors).toEqual([]);
  });

  test("Statistics: per-game best scores and category shares match /stats", async ({ page }) => {
    const id = await topPlayerId(page);
    const { stats } = await openProfile(page, id);
    expect(stats.games.length).toBeGreaterThan(0);
    const bests = [...stats.games].sort((a, b) => b.bestScore - a.bestScore);
    const rows = page.getByTestId("best-score");
    await expect(rows).toHaveCount(bests.length);
    for (const [i, g] of bests.entries()) {
      await expect(rows.nth(i).getByRole("link")).toHaveText(g.title);
      await expect(rows.nth(i).locator("[data-field=bestScore]")).toHaveText(num(g.bestScore));
    }
    const shares = page.getByTestId("category-share");
    await expect(shares).toHaveCount(stats.categories.length);
    for (const [i, c] of stats.categories.entries()) {
      await expect(shares.nth(i)).toContainText(c.name);
      await expect(shares.nth(i).locator("[data-field=share]")).toHaveText(`${c.share}%`);
    }
  });

  test("Achievements: the 10 from the API, with 'N/10 achievements unlocked' counted", async ({ page }) => {
    const id = await topPlayerId(page);
    const { stats } = await openProfile(page, id);
    await page.getByRole("tab", { name: "Achievements" }).click();
    expect(stats.achievements).toHaveLength(10);
    const unlocked = stats.achievements.filter((a) => a.unlockedAt).length;
    expect(unlocked).toBe(stats.unlockedCount);
    await expect(page.getByTestId("achievement-summary")).toHaveText(`${unlocked}/10 achievements unlocked`);
    const tiles = page.getByTestId("achievement");
    await expect(tiles).toHaveCount(10);
    for (const [i, a] of stats.achievements.entries()) {
      await expect(tiles.nth(i)).toContainText(a.title);
      await expect(tiles.nth(i)).toHaveAttribute("data-unlocked", String(a.unlockedAt !== null));
      await expect(tiles.nth(i)).toContainText(a.unlockedAt ? `Unlocked ${longDate(a.unlockedAt)}` : "Locked");
    }
  });

  test("Recent Games: ordered by last played, with real dates and best scores", async ({ page }) => {
    const id = await topPlayerId(page);
    const { stats } = await openProfile(page, id);
    await page.getByRole("tab", { name: "Recent Games" }).click();
    const recent = [...stats.games]
      .sort((a, b) => Date.parse(b.lastPlayedAt) - Date.parse(a.lastPlayedAt))
      .slice(0, 10);
    const rows = page.getByTestId("recent-game");
    await expect(rows).toHaveCount(recent.length);
    for (const [i, g] of recent.entries()) {
      await expect(rows.nth(i).getByRole("link")).toHaveText(g.title);
      await expect(rows.nth(i).locator("time")).toHaveAttribute("datetime", g.lastPlayedAt);
      await expect(rows.nth(i).locator("[data-field=bestScore]")).toHaveText(num(g.bestScore));
    }
  });

  test("a new player without scores: honest empty states, no rank badge, 0/10; no buttons on one's own profile", async ({
    page,
    player: me,
  }) => {
    const { username } = me;
    const { profile } = await openProfile(page, me.id);
    expect(profile.rank).toBeNull();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(username);
    await expect(page.getByTestId("rank-badge")).toHaveCount(0);
    await expect(page.locator("[data-field=totalScore]")).toHaveText("0");
    await expect(page.getByText("No games played yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Friend" })).toHaveCount(0);
    await page.getByRole("tab", { name: "Achievements" }).click();
    await expect(page.getByTestId("achievement-summary")).toHaveText("0/10 achievements unlocked");
    await page.getByRole("tab", { name: "Recent Games" }).click();
    await expect(page.getByText("No games played yet")).toBeVisible();
  });

  test("an unknown user: 'User Not Found' and 'Return Home' (title per D1)", async ({ page, consoleErrors }) => {
    await page.goto("/profile/987654");
    await expect(page.getByText("User Not Found", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle("User Not Found - Arcadium");
    await page.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    // Chromium logs the expected 404s of /api/users/987654 and its /stats; nothing else.
    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  test("a malformed id is 'User Not Found' too", async ({ page }) => {
    await page.goto("/profile/not-a-number");
    await expect(page.getByText("User Not Found", { exact: true })).toBeVisible();
  });

  for (const width of [1440, 375]) {
    for (const theme of ["light", "dark"]) {
      test(`fits, no console errors, no serious axe violations at ${width} px, ${theme}`, async ({
        page,
        consoleErrors,
      }) => {
        // One step per tab, each with its own time limit.
        test.setTimeout(30_000 * 4);
        await page.addInitScript((t) => localStorage.setItem("arcadium-theme", t), theme);
        await page.setViewportSize({ width, height: 900 });
        const id = await topPlayerId(page);
        await openProfile(page, id);
        for (const tab of ["Statistics", "Achievements", "Recent Games"]) {
          await test.step(
            tab,
            async () => {
              await page.getByRole("tab", { name: tab }).click();
              await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
              const main = page.locator("main");
              const fits = await main.evaluate((m) => m.scrollWidth <= m.clientWidth);
              expect(fits, `${tab} fits`).toBe(true);
              expect(
                (await axeViolations(page, { include: "main" }))
                  .filter((v) => v.impact === "serious" || v.impact === "critical")
                  .map((v) => v.id),
                tab,
              ).toEqual([]);
            },
            { timeout: 30_000 },
          );
        }
        expect(consoleErrors).toEqual([]);
      });
    }
  }

  test("keyboard: the tabs switch with the arrow keys", async ({ page }) => {
    const id = await topPlayerId(page);
    await openProfile(page, id);
    await page.getByRole("tab", { name: "Statistics" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Achievements" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("achievement-summary")).toBeVisible();
  });
});
