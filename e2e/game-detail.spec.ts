import type { Page } from "@playwright/test";
import {
  acceptCookies,
  axeViolations,
  expect,
  expectNoSkeletons,
  getJson,
  isOnGamesOrigin,
  leaveAutoFullscreen,
  num,
  seriousOrCritical,
  test,
  watchFullscreen,
  WCAG_A_AA,
} from "./fixtures";

/**
 * The game detail screen (D20) against the seeded server:
 * texts, badges, tabs, Total Players, High Score, Leaderboard rows vs the API, Similar Games and
 * 'Game Not Found'.
 */

type Game = {
  id: number;
  title: string;
  description: string;
  category: string;
  categorySlug: string;
  instructions: string;
  developer: string;
  isFeatured: boolean;
  new: boolean;
  hot: boolean;
  plays: number;
  rating: number;
  frameUrl: string;
  /** D83 */
  difficulty: "easy" | "medium" | "hard" | null;
  totalPlayers?: number;
};
type ScoreEntry = { id: number; score: number; createdAt: string; user: { id: number; username: string } };

const main = (page: Page) => page.getByRole("main");

async function openTab(page: Page, name: string) {
  const tab = page.getByRole("tab", { name });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  return page.getByRole("tabpanel", { name });
}

test.describe("game detail (spec §2, §4)", () => {
  let games: Game[] = [];
  test.beforeAll(async ({ request }) => {
    games = await getJson<Game[]>(request, "/api/games");
    expect(games.length).toBeGreaterThanOrEqual(12);
  });

  test("title, badges, stars and the About tab's numbers", async ({ page, request, consoleErrors }) => {
    await acceptCookies(page);
    // a game with at least one flag, and one of each flag across the checks
    const picks = [
      games.find((g) => g.hot)!,
      games.find((g) => g.new)!,
      games.find((g) => !g.new && !g.hot && !g.isFeatured) ?? games[0],
    ];
    for (const pick of picks) {
      const before = await getJson<Game>(request, `/api/games/${pick.id}`);
      await page.goto(`/game/${pick.id}`);
      await expect(page.getByRole("heading", { level: 1, name: pick.title })).toBeVisible();
      await expect(page).toHaveTitle(`${pick.title} - Arcadium`);
      const after = await getJson<Game>(request, `/api/games/${pick.id}`);

      // badges: category (a link to its page), New, Hot, Featured exactly as flagged
      await expect(main(page).getByRole("link", { name: pick.category, exact: true })).toHaveAttribute(
        "href",
        `/category/${pick.categorySlug}`,
      );
      for (const [flag, on] of [
        ["New", pick.new],
        ["Hot", pick.hot],
        ["Featured", pick.isFeatured],
      ] as const) {
        await expect(main(page).getByText(flag, { exact: true }), `${pick.title}: ${flag}`).toHaveCount(on ? 1 : 0);
      }
      // stars from game.rating (tenths): full = floor(r/10), half at ≥ .5
      const rating = page.getByTestId("game-rating");
      await expect(rating.getByRole("img", { name: `Rated ${(after.rating / 10).toFixed(1)} out of 5` })).toBeVisible();
      await expect(rating.locator('[data-star="full"]')).toHaveCount(Math.floor(after.rating / 10));
      await expect(rating.locator('[data-star="half"]')).toHaveCount(
        after.rating % 10 >= 5 && after.rating < 50 ? 1 : 0,
      );

      // About (default tab): description, D83: Total Players and Difficulty as the API says, High Score = first score
      const about = page.getByRole("tabpanel", { name: "About" });
      await expect(about.getByText(pick.description)).toBeVisible();
      const shownPlays = Number(
        (
          await page
            .getByRole("complementary", { name: "Game information" })
            .locator("dt:text-is('Plays') + dd")
            .innerText()
        ).replace(/,/g, ""),
      );
      expect(shownPlays).toBeGreaterThanOrEqual(before.plays);
      expect(shownPlays).toBeLessThanOrEqual(after.plays);
      // the page's visitor is a guest: their play adds no player
      await expect(page.getByTestId("total-players")).toHaveText(num(after.totalPlayers ?? 0));
      const difficulty = { easy: "Easy", medium: "Medium", hard: "Hard" } as const;
      await expect(page.getByTestId("difficulty")).toHaveText(
        after.difficulty ? difficulty[after.difficulty] : "Not rated",
      );
      const scores = await getJson<ScoreEntry[]>(request, `/api/scores/game/${pick.id}?limit=10`);
      await expect(page.getByTestId("high-score")).toHaveText(scores.length ? num(scores[0].score) : "–");
    }
    expect(consoleErrors).toEqual([]);
  });

  test("How to Play, Leaderboard (rows vs the API) and Reviews tabs", async ({ page, request, consoleErrors }) => {
    await acceptCookies(page);
    const game = games[0];
    await page.goto(`/game/${game.id}`);
    await expect(page.getByRole("heading", { level: 1, name: game.title })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveText(["About", "How to Play", "Leaderboard", "Reviews"]);

    const howTo = await openTab(page, "How to Play");
    await expect(howTo.getByRole("heading", { name: "Controls" })).toBeVisible();
    await expect(howTo.getByRole("heading", { name: "Tips" })).toBeVisible();
    await expect(howTo.getByTestId("game-instructions")).toHaveText(game.instructions);

    const board = await openTab(page, "Leaderboard");
    const scores = await getJson<ScoreEntry[]>(request, `/api/scores/game/${game.id}?limit=10`);
    expect(scores.length, "the seed has demo scores").toBeGreaterThan(0);
    await expect(board.getByRole("columnheader")).toHaveText(["Rank", "Player", "Score", "Date"]);
    const rows = board.getByRole("row").filter({ has: page.getByRole("cell") });
    await expect(rows).toHaveCount(scores.length);
    for (const [i, s] of scores.entries()) {
      const cells = rows.nth(i).getByRole("cell");
      await expect(cells.nth(0)).toHaveText(String(i + 1));
      await expect(cells.nth(1).getByRole("link")).toHaveAttribute("href", `/profile/${s.user.id}`);
      await expect(cells.nth(1)).toContainText(s.user.username);
      await expect(cells.nth(2)).toHaveText(num(s.score));
      await expect(cells.nth(3)).toHaveText(
        new Date(s.createdAt).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" }),
      );
    }
    await rows.first().getByRole("link").click();
    await expect(page).toHaveURL(`/profile/${scores[0].user.id}`);
    await page.goBack();

    const reviews = await openTab(page, "Reviews");
    await expect(reviews.getByText("Please log in to write a review")).toBeVisible();
    await expect(reviews.getByRole("button", { name: "Submit" })).toHaveCount(0);
    const list = await getJson<Array<{ comment: string | null; user: { username: string } }>>(
      request,
      `/api/games/${game.id}/reviews`,
    );
    if (list.length)
      await expect(reviews.getByRole("list", { name: "Reviews" }).getByRole("listitem")).toHaveCount(list.length);
    expect(consoleErrors).toEqual([]);
  });

  test("the tabs work by keyboard", async ({ page }) => {
    await acceptCookies(page);
    await page.goto(`/game/${games[1].id}`);
    await page.getByRole("tab", { name: "About" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "How to Play" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Leaderboard" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Leaderboard" }).getByRole("table")).toBeVisible();
  });

  test("Similar Games: three games of the same category, this one excluded, and View More (D54)", async ({
    page,
    request,
  }) => {
    await acceptCookies(page);
    const game = games[0];
    const sameCategory = await getJson<Game[]>(request, `/api/games/category/${game.categorySlug}`);
    const expected = sameCategory.filter((g) => g.id !== game.id).slice(0, 3);
    expect(expected.length).toBeGreaterThan(0);
    await page.goto(`/game/${game.id}`);
    const card = page.getByRole("complementary", { name: "Game information" });
    await expect(card.getByRole("heading", { name: "Similar Games" })).toBeVisible();
    const links = card.getByRole("list", { name: "Similar games" }).getByRole("link");
    await expect(links).toHaveCount(expected.length);
    for (const [i, g] of expected.entries()) {
      await expect(links.nth(i)).toHaveAttribute("href", `/game/${g.id}`);
      await expect(links.nth(i)).toContainText(g.title);
    }
    await links.first().click();
    await expect(page.getByRole("heading", { level: 1, name: expected[0].title })).toBeVisible();
    await expect(page.getByRole("button", { name: "Play Now" })).toBeVisible(); // a new game starts from its cover

    await page.getByRole("link", { name: "View More" }).click();
    await expect(page).toHaveURL(`/category/${game.categorySlug}`);
    await expect(page.getByRole("heading", { level: 1, name: game.category })).toBeVisible();
  });

  test("Play Now counts the play and shows the frame, focused after 1 s; Reload and Fullscreen buttons", async ({
    page,
    request,
    consoleErrors,
  }) => {
    await acceptCookies(page);
    await watchFullscreen(page);
    const game = games.find(isOnGamesOrigin)!;
    await page.goto(`/game/${game.id}`);
    const plays = (await getJson<Game>(request, `/api/games/${game.id}`)).plays;
    const playRequest = page.waitForRequest(
      (r) => r.method() === "POST" && r.url().endsWith(`/api/games/${game.id}/play`),
    );
    await page.getByRole("button", { name: "Play Now" }).click();
    await playRequest;
    const frame = page.locator(`iframe[title="${game.title}"]`);
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute("allow", "fullscreen; autoplay; gamepad");
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("IFRAME");
    expect((await getJson<Game>(request, `/api/games/${game.id}`)).plays).toBeGreaterThan(plays);
    await leaveAutoFullscreen(page); // past the fullscreen attempt
    await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Fullscreen/ })).toBeVisible();
    await page.getByRole("button", { name: "Reload" }).click();
    await expect(page.frameLocator(`iframe[title="${game.title}"]`).locator("body")).toHaveAttribute(
      "data-state",
      "title",
    );
    expect(consoleErrors).toEqual([]);
  });

  test("a phone-width page (375 px) has no horizontal scroll", async ({ page }) => {
    await acceptCookies(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/game/${games[0].id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const tab of ["About", "How to Play", "Leaderboard", "Reviews"]) {
      await openTab(page, tab);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(375);
    }
  });

  test("an unknown or malformed id shows 'Game Not Found'", async ({ page }) => {
    await acceptCookies(page);
    for (const path of ["/game/999999", "/game/abc"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Game Not Found" })).toBeVisible();
      await expect(page.getByText("Sorry, we couldn't find the game you're looking for.")).toBeVisible();
      await expect(page).toHaveTitle("Game Not Found - Arcadium");
    }
  });
});

test.describe("game detail accessibility", () => {
  test.use({ playerPrefix: "ax" });
  // Two of the four theme × width pairs (axe is slow); a11y.spec.ts scans the first tab in all four.
  // Each of the six scans is a step with its own time limit and its own (soft) assertion.
  const SCAN_MS = 30_000;
  for (const [theme, width] of [
    ["light", 1440],
    ["dark", 375],
  ] as const) {
    test(`every tab, signed in with the review form and while playing: no serious or critical axe violations (${theme}, ${width} px)`, async ({
      page,
      player,
      request,
    }) => {
      test.setTimeout(SCAN_MS * 7);
      await acceptCookies(page);
      await watchFullscreen(page);
      await page.addInitScript((t) => {
        if (window.top === window) localStorage.setItem("arcadium-theme", t);
      }, theme);
      await page.setViewportSize({ width, height: 900 });
      const [game] = (await getJson<Game[]>(request, "/api/games")).filter(isOnGamesOrigin);
      await page.goto(`/game/${game.id}`);
      await expect(page.getByRole("heading", { level: 1, name: game.title })).toBeVisible();
      await expect(
        page.getByRole("banner").getByRole("button", { name: `Account menu for ${player.username}` }),
      ).toBeVisible();
      const scan = (label: string) =>
        test.step(
          `scan: ${label}`,
          async () => {
            await expectNoSkeletons(page);
            const problems = seriousOrCritical(
              await axeViolations(page, { tags: WCAG_A_AA, exclude: ["iframe"] }),
              label,
            );
            expect.soft(problems, problems.join("\n")).toEqual([]);
          },
          { timeout: SCAN_MS },
        );
      for (const tab of ["About", "How to Play", "Leaderboard", "Reviews"]) {
        await openTab(page, tab);
        await scan(tab);
      }
      await page.getByRole("button", { name: "3 stars" }).click();
      await scan("Reviews, a star picked");
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole("button", { name: "Play Now" }).click();
      await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
      await leaveAutoFullscreen(page);
      await scan("playing");
    });
  }
});
