import AxeBuilder from "@axe-core/playwright";
import { acceptCookies, expect, test } from "./fixtures";

/**
 * Issue 3, item 9: an axe scan of every public screen finds no serious or critical violation,
 * at desktop and phone width, in light and dark theme.
 */
const screens = async (request: import("@playwright/test").APIRequestContext) => {
  const games = (await (await request.get("/api/games?limit=1")).json()) as Array<{ id: number }>;
  const board = (await (await request.get("/api/leaderboard?limit=1")).json()) as Array<{ user: { id: number } }>;
  return [
    "/",
    "/games",
    "/games/featured",
    `/game/${games[0].id}`,
    "/game/987654",
    "/category/action",
    "/category/new",
    "/leaderboard",
    ...(board[0] ? [`/profile/${board[0].user.id}`] : []),
    "/profile/987654",
    "/privacy-policy",
    "/terms-of-service",
    "/cookie-policy",
    "/responsible-gaming",
    "/advertise-with-us",
    "/about",
    "/contact",
    "/help",
    "/login",
    "/login?tab=register",
    "/no-such-page",
  ];
};

for (const theme of ["light", "dark"] as const) {
  for (const width of [1440, 375]) {
    test(`no serious or critical axe violations (${theme}, ${width} px)`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await acceptCookies(page);
      await page.addInitScript((t) => localStorage.setItem("arcadium-theme", t), theme);
      await page.setViewportSize({ width, height: 900 });
      const problems: string[] = [];
      for (const path of await screens(request)) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        // Let skeletons give way to content.
        await page.waitForTimeout(300);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        for (const v of results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
          problems.push(`${path}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
        }
      }
      expect(problems, problems.join("\n")).toEqual([]);
    });
  }
}
