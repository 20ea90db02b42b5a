import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { acceptCookies, expect, getJson, test } from "./fixtures";

/**
 * Issue 3, item 9: an axe scan of every public screen finds no serious or critical violation,
 * at desktop and phone width, in light and dark theme. One test per screen, theme and width, so
 * that each scan has its own time limit (issue 11 item 9); the tests of this file run in parallel.
 */
test.describe.configure({ mode: "parallel" });

/** The public screens; a path may need the seeded data (a game's id, the top player's id). */
const SCREENS: Array<{ name: string; path: string | ((request: APIRequestContext) => Promise<string>) }> = [
  { name: "/", path: "/" },
  { name: "/games", path: "/games" },
  { name: "/games/featured", path: "/games/featured" },
  { name: "/game/{first game}", path: async (request) => `/game/${(await getJson<Array<{ id: number }>>(request, "/api/games?limit=1"))[0].id}` },
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

for (const theme of ["light", "dark"] as const) {
  for (const width of [1440, 375]) {
    for (const screen of SCREENS) {
      test(`${screen.name}: no serious or critical axe violations (${theme}, ${width} px)`, async ({ page, request }) => {
        await acceptCookies(page);
        await page.addInitScript((t) => localStorage.setItem("arcadium-theme", t), theme);
        await page.setViewportSize({ width, height: 900 });
        const path = typeof screen.path === "string" ? screen.path : await screen.path(request);
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        // Let skeletons give way to content.
        await page.waitForTimeout(300);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const problems = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map(
            (v) =>
              `${path}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(" "))
                .join(", ")}`,
          );
        expect(problems, problems.join("\n")).toEqual([]);
      });
    }
  }
}
