import type { APIRequestContext } from "@playwright/test";
import {
  acceptCookies,
  axeViolations,
  expect,
  expectNoSkeletons,
  getJson,
  seriousOrCritical,
  test,
  transitionsEnded,
  WCAG_A_AA,
} from "./fixtures";

/**
 * An axe scan of every public screen finds no serious or critical violation,
 * at desktop and phone width, in light and dark theme. One test per screen, which loads the screen
 * once and scans it four times, each scan a step with its own time limit and its
 * own soft assertion, so that every theme and width fails on its own; the tests run in parallel.
 *
 * Theme and width change in place. The theme is stored as "system" and the device preference is
 * emulated: the site's own listener (src/client/lib/theme.ts) applies the dark or light class, and
 * the page is the one a visitor who chose that theme sees (the header's icon follows the resolved
 * theme); each scan waits for the colours' transitions to end. Widths are CSS only (the one script that
 * measures, the featured carousel, listens to resize).
 */
test.describe.configure({ mode: "parallel" });

/** The public screens; a path may need the seeded data (a game's id, the top player's id). */
const SCREENS: Array<{ name: string; path: string | ((request: APIRequestContext) => Promise<string>) }> = [
  { name: "/", path: "/" },
  { name: "/games", path: "/games" },
  { name: "/games/featured", path: "/games/featured" },
  {
    name: "/game/{first game}",
    path: async (request) => `/game/${(await getJson<Array<{ id: number }>>(request, "/api/games?limit=1"))[0].id}`,
  },
  { name: "/game/987654", path: "/game/987654" },
  { name: "/category/action", path: "/category/action" },
  { name: "/category/new", path: "/category/new" },
  { name: "/leaderboard", path: "/leaderboard" },
  {
    name: "/profile/{top player}",
    path: async (request) => {
      const board = await getJson<Array<{ user: { id: number } }>>(request, "/api/leaderboard?limit=1");
      expect(board, "the seeded board has a top player").toHaveLength(1);
      return `/profile/${board[0].user.id}`;
    },
  },
  { name: "/profile/987654", path: "/profile/987654" },
  { name: "/privacy-policy", path: "/privacy-policy" },
  { name: "/terms-of-service", path: "/terms-of-service" },
  { name: "/cookie-policy", path: "/cookie-policy" },
  { name: "/responsible-gaming", path: "/responsible-gaming" },
  { name: "/advertise-with-us", path: "/advertise-with-us" },
  { name: "/about", path: "/about" },
  { name: "/contact", path: "/contact" },
  { name: "/help", path: "/help" },
  { name: "/login", path: "/login" },
  { name: "/login?tab=register", path: "/login?tab=register" },
  { name: "/no-such-page", path: "/no-such-page" },
];

/** Time for one scan (a theme and a width) and for loading the screen: each step's own limit. */
const STEP_MS = 30_000;
const CONFIGS = [
  { theme: "light", width: 1440 },
  { theme: "dark", width: 1440 },
  { theme: "dark", width: 375 },
  { theme: "light", width: 375 },
] as const;

for (const screen of SCREENS) {
  test(`${screen.name}: no serious or critical axe violations (light and dark, 1440 and 375 px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(STEP_MS * (CONFIGS.length + 1));
    const path = await test.step(
      "load the screen",
      async () => {
        await acceptCookies(page);
        await page.addInitScript(() => localStorage.setItem("arcadium-theme", "system"));
        await page.emulateMedia({ colorScheme: CONFIGS[0].theme });
        await page.setViewportSize({ width: CONFIGS[0].width, height: 900 });
        const path = typeof screen.path === "string" ? screen.path : await screen.path(request);
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        // Parts that load as they come near the viewport (the home page's chat, D73) are scanned as a visitor who
        // scrolled down to them sees them.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 400) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        });
        await expectNoSkeletons(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        return path;
      },
      { timeout: STEP_MS },
    );
    for (const { theme, width } of CONFIGS) {
      await test.step(
        `${theme}, ${width} px`,
        async () => {
          await page.emulateMedia({ colorScheme: theme });
          await page.setViewportSize({ width, height: 900 });
          if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
          else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
          await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
          // Links and buttons ease into the new theme's colours (transition-colors).
          await transitionsEnded(page);
          const problems = seriousOrCritical(await axeViolations(page, { tags: WCAG_A_AA }), path);
          expect.soft(problems, `${theme}, ${width} px:\n${problems.join("\n")}`).toEqual([]);
        },
        { timeout: STEP_MS },
      );
    }
  });
}
