import type { Request } from "@playwright/test";
import {
  acceptCookies,
  expect,
  getJson,
  isOnGamesOrigin,
  leaveAutoFullscreen,
  quickestRoundsFirst,
  test,
  toast,
  waitOutMinRound,
  watchFullscreen,
  type ScoreRules,
} from "./fixtures";

/**
 * D86 end to end: a heart on a card makes a favourite (optimistic, with Undo), the game page reports its gameplay
 * start and stop for the player's playtime, and /me/games lists both.
 */

type Game = { id: number; title: string; frameUrl: string; scoreRules: ScoreRules };
type Test = { finish(): string; state: string };

test.describe("My Games (D86)", () => {
  test.use({ playerPrefix: "mg" });

  test("favourite from a card, play a built-in game, see both on My Games", async ({
    page,
    player,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await acceptCookies(page);
    await watchFullscreen(page);
    const games = (await getJson<Game[]>(request, "/api/games?limit=100")).filter(isOnGamesOrigin);
    const favourite = games[0];
    // D90: the round below is ended at once: a game whose shortest round is short, so that its score is not refused
    const played = quickestRoundsFirst(games).find((g) => g.id !== favourite.id)!;

    // The server's HTML is the same for everyone: every heart unpressed (D70).
    const html = await (await page.request.get("/games")).text();
    expect(html).toContain(`aria-label="Add ${favourite.title} to favourites"`);
    expect(html).not.toContain('aria-pressed="true"');

    await page.goto("/games");
    await expect(
      page.getByRole("banner").getByRole("button", { name: `Account menu for ${player.username}` }),
    ).toBeVisible();
    const heart = page.getByRole("button", { name: `Add ${favourite.title} to favourites` });
    await heart.click();
    const pressed = page.getByRole("button", { name: `Remove ${favourite.title} from favourites` });
    await expect(pressed).toHaveAttribute("aria-pressed", "true");
    await expect(toast(page, `Added ${favourite.title} to favourites`)).toBeVisible();
    // after a reload the heart fills again once the page has hydrated
    await page.reload();
    await expect(page.getByRole("button", { name: `Remove ${favourite.title} from favourites` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Play a round of a built-in game: its gameplay start and stop are reported for this play.
    const reports: Request[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && /\/plays\/[^/]+\/gameplay$/.test(new URL(r.url()).pathname)) reports.push(r);
    });
    await page.goto(`/game/${played.id}`);
    await page.getByRole("button", { name: "Play Now" }).click();
    const frame = page.frameLocator(`iframe[title="${played.title}"]`);
    await expect(frame.locator("body")).toHaveAttribute("data-state", "title", { timeout: 10_000 });
    await leaveAutoFullscreen(page);
    const started = Date.now();
    await frame.getByRole("button", { name: "Start" }).click();
    await expect(frame.locator("body")).toHaveAttribute("data-state", "playing");
    await expect.poll(() => reports.map((r) => (r.postDataJSON() as { state: string }).state)).toEqual(["start"]);
    await waitOutMinRound(played.scoreRules, started);
    await frame.locator("body").evaluate(() => (window as unknown as { __arcadiumTest: Test }).__arcadiumTest.finish());
    await expect(frame.locator("body")).toHaveAttribute("data-state", "gameover");
    await expect
      .poll(() => reports.map((r) => (r.postDataJSON() as { state: string }).state))
      .toEqual(["start", "stop"]);
    const answered = await Promise.all(reports.map(async (r) => (await r.response())?.status()));
    expect(answered).toEqual([204, 204]);

    // My Games, from the account menu.
    await page
      .getByRole("banner")
      .getByRole("button", { name: `Account menu for ${player.username}` })
      .click();
    await page.getByRole("menuitem", { name: "My Games" }).click();
    await expect(page).toHaveURL(/\/me\/games$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Games" })).toBeVisible();
    const favourites = page.getByRole("list", { name: "Favourites" });
    await expect(favourites.getByRole("heading", { name: favourite.title })).toBeVisible();
    const recent = page.getByRole("list", { name: "Recently Played" }).getByRole("listitem");
    await expect(recent.first().getByRole("heading", { name: played.title })).toBeVisible();
    await expect(recent.first()).toContainText("Last played just now");

    // the page itself is for the player only
    const direct = await page.request.get("/me/games");
    expect(direct.status()).toBe(200);
    expect(direct.headers()["x-robots-tag"]).toBe("noindex");
    expect(consoleErrors.filter((e) => !/fullscreen/i.test(e))).toEqual([]);
  });

  test("a signed-out visitor's heart asks them to sign in", async ({ page, request, consoleErrors }) => {
    await acceptCookies(page);
    const [game] = (await getJson<Game[]>(request, "/api/games?limit=1")) as Game[];
    await page.goto(`/game/${game.id}`);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    await page
      .getByRole("main")
      .getByRole("button", { name: `Add ${game.title} to favourites` })
      .first()
      .click();
    const prompt = toast(page, "Sign in to keep favourites");
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      `/api/auth/login?returnTo=%2Fgame%2F${game.id}`,
    );
    expect(consoleErrors).toEqual([]);
  });
});
