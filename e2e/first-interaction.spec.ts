import type { Page } from "@playwright/test";
import { acceptCookies, expect, getJson, registerPlayer, test, type ApiGame } from "./fixtures";

/**
 * D73: what a page hides until the visitor reaches for it loads its code then, not before the first
 * interaction; what the server rendered of it stays in the page meanwhile. A part's code is recognised by a text
 * only it contains; the scripts are read as the browser received them.
 */

/** The bodies of every script the page has received so far. */
function watchScripts(page: Page): () => Promise<string[]> {
  const bodies: Array<Promise<string>> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" && response.status() === 200)
      bodies.push(response.text().catch(() => ""));
  });
  return () => Promise.all(bodies);
}

async function loadedCodeOf(scripts: () => Promise<string[]>, text: string): Promise<boolean> {
  return (await scripts()).some((body) => body.includes(text));
}

/** Loads `path` and waits until nothing more arrives on its own (the page's parts that hydrate without input). */
async function openAndSettle(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

test.describe("Code loaded at the first interaction (D73)", () => {
  test.beforeEach(async ({ page }) => acceptCookies(page));

  test("game page: How to Play and Reviews are in the HTML; their code loads when their tab is reached for", async ({
    page,
    consoleErrors,
  }) => {
    const [game] = await getJson<Array<ApiGame & { instructions: string }>>(
      page.request,
      "/api/games?limit=1&sort=popular",
    );
    const scripts = watchScripts(page);
    await openAndSettle(page, `/game/${game.id}`);
    const main = page.getByRole("main");
    // The hidden panels' text is in the document (crawlers read it), hidden until chosen.
    await expect(main.getByTestId("game-instructions")).toHaveText(game.instructions);
    await expect(main.getByTestId("game-instructions")).toBeHidden();
    await expect(main.getByRole("heading", { name: "Player Reviews", includeHidden: true })).toBeAttached();
    expect(await loadedCodeOf(scripts, "Use fullscreen for the best experience"), "How to Play's code").toBe(false);
    expect(await loadedCodeOf(scripts, "Player Reviews"), "the Reviews tab's code").toBe(false);

    await main.getByRole("tab", { name: "Reviews" }).hover();
    await expect.poll(() => loadedCodeOf(scripts, "Player Reviews")).toBe(true);
    await main.getByRole("tab", { name: "Reviews" }).click();
    await expect(main.getByRole("heading", { name: "Player Reviews" })).toBeVisible();
    await expect(main.getByText("Please log in to write a review")).toBeVisible();

    await main.getByRole("tab", { name: "How to Play" }).click();
    await expect(main.getByTestId("game-instructions")).toHaveText(game.instructions);
    await expect(main.getByTestId("game-instructions")).toBeVisible();
    expect(await loadedCodeOf(scripts, "Use fullscreen for the best experience")).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test("profile: the hidden tabs' code loads when reached for; a visitor's Message and Add Friend ask to sign in without the actions' code", async ({
    page,
    consoleErrors,
  }) => {
    const [top] = await getJson<Array<{ user: { id: number } }>>(page.request, "/api/leaderboard?limit=1");
    const scripts = watchScripts(page);
    await openAndSettle(page, `/profile/${top.user.id}`);
    const login = `/api/auth/login?returnTo=${encodeURIComponent(`/profile/${top.user.id}`)}`;
    await expect(page.getByRole("link", { name: "Add Friend" })).toHaveAttribute("href", login);
    await expect(page.getByRole("link", { name: "Message" })).toHaveAttribute("href", login);
    expect(await loadedCodeOf(scripts, "Cancel Request"), "the signed-in actions' code").toBe(false);
    expect(await loadedCodeOf(scripts, "Recently played games"), "the hidden tabs' code").toBe(false);

    await page.getByRole("tab", { name: "Recent Games" }).hover();
    await expect.poll(() => loadedCodeOf(scripts, "Recently played games")).toBe(true);
    await page.getByRole("tab", { name: "Recent Games" }).click();
    await expect(page.getByRole("list", { name: "Recently played games" })).toBeVisible();
    await page.getByRole("tab", { name: "Achievements" }).click();
    await expect(page.getByTestId("achievement-summary")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("profile, signed in: someone else's profile loads the actions; one's own does not", async ({
    page,
    consoleErrors,
  }) => {
    const [top] = await getJson<Array<{ user: { id: number } }>>(page.request, "/api/leaderboard?limit=1");
    const me = await registerPlayer(page.request, "fi");
    const scripts = watchScripts(page);
    await openAndSettle(page, `/profile/${me.id}`);
    await expect(page.getByRole("heading", { level: 1, name: me.username })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Friend" })).toHaveCount(0);
    expect(await loadedCodeOf(scripts, "Cancel Request")).toBe(false);
    await openAndSettle(page, `/profile/${top.user.id}`);
    await expect(page.getByRole("button", { name: "Add Friend" })).toBeEnabled();
    expect(await loadedCodeOf(scripts, "Cancel Request")).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test("leaderboard: the Friends Only board's code loads when its tab is reached for", async ({
    page,
    consoleErrors,
  }) => {
    const scripts = watchScripts(page);
    await openAndSettle(page, "/leaderboard");
    expect(await loadedCodeOf(scripts, "None of your friends matches"), "the friends board's code").toBe(false);
    await page.getByRole("tab", { name: "Friends Only" }).hover();
    await expect.poll(() => loadedCodeOf(scripts, "None of your friends matches")).toBe(true);
    await page.getByRole("tab", { name: "Friends Only" }).click();
    await expect(page.getByRole("tabpanel").getByRole("link", { name: "Sign In" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
