import type { APIRequestContext, FrameLocator, Page, Request } from "@playwright/test";
import {
  acceptCookies,
  expect,
  getJson,
  isOnGamesOrigin,
  leaveAutoFullscreen,
  test,
  toast,
  waitOutMinRound,
  watchFullscreen,
  type ScoreRules,
} from "./fixtures";

/**
 * A built-in game reports its score through the SDK (D22) to the
 * game page, which stores it with the round's play session. The score shows in the
 * game's Leaderboard tab, on /leaderboard and in the player's profile statistics. Messages from the
 * page itself or from another origin are ignored; signed-out players are asked to sign in.
 */

type Game = { id: number; title: string; frameUrl: string; scoreRules: ScoreRules };
type ScoreEntry = { score: number; user: { id: number; username: string } };
type Test = { finish(): string; state: string };

/** D90: the longest shortest-round (minRoundMs) of a game these tests play, so that two rounds fit in a test. */
const QUICK_ROUND_MS = 5000;

/**
 * The built-in game with the fewest ranked players, so that a new player's score makes its top 10; among the games
 * whose rounds may be short (D90: a round's score is refused sooner than the game's minRoundMs, and the rounds
 * here are ended at once and then wait that out).
 */
async function pickGame(request: APIRequestContext): Promise<Game> {
  const games = (await getJson<Game[]>(request, "/api/games?limit=100")).filter(
    (g) => isOnGamesOrigin(g) && (g.scoreRules.minRoundMs ?? 0) <= QUICK_ROUND_MS,
  );
  const counts = await Promise.all(
    games.map(async (g) => (await getJson<ScoreEntry[]>(request, `/api/scores/game/${g.id}?limit=100`)).length),
  );
  const i = counts.indexOf(Math.min(...counts));
  expect(counts[i], "a game with room in its top 10").toBeLessThan(9);
  return games[i];
}

/** Records every POST /api/scores of the page. */
function watchScorePosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/scores") posts.push(r);
  });
  return posts;
}

/**
 * Play Now, then leave the fullscreen the page asks for after 1.5 s (leaveAutoFullscreen; the page
 * must have been opened after watchFullscreen), so the tabs can be used.
 */
async function startFrame(page: Page, game: Game): Promise<FrameLocator> {
  await page.getByRole("button", { name: "Play Now" }).click();
  const frame = page.frameLocator(`iframe[title="${game.title}"]`);
  await expect(frame.locator("body")).toHaveAttribute("data-state", "title", { timeout: 10_000 });
  await leaveAutoFullscreen(page);
  return frame;
}

/**
 * Plays one round through the game's own buttons and its test hook: Start, then finish() once the game's shortest
 * round has passed (D90; a new round's play session is opened when it starts).
 */
async function playRound(frame: FrameLocator, game: Game) {
  const again = frame.getByRole("button", { name: "Play again" });
  const started = Date.now();
  if (await again.isVisible()) await again.click();
  else await frame.getByRole("button", { name: "Start" }).click();
  await expect(frame.locator("body")).toHaveAttribute("data-state", "playing");
  await waitOutMinRound(game.scoreRules, started);
  await frame.locator("body").evaluate(() => (window as unknown as { __arcadiumTest: Test }).__arcadiumTest.finish());
  await expect(frame.locator("body")).toHaveAttribute("data-state", "gameover");
}

test.describe("scores from the game frame (D21–D23)", () => {
  test.use({ playerPrefix: "sc" });

  test("signed in: a round's score is stored once and shows on the game, the leaderboard and the profile", async ({
    page,
    player: user,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    // (acceptCookies is quiet in frames without storage: the forged-message check below adds an opaque-origin frame.)
    await acceptCookies(page);
    await watchFullscreen(page);
    const game = await pickGame(request);
    const { username } = user;
    const posts = watchScorePosts(page);

    await page.goto(`/game/${game.id}`);
    await expect(page.getByRole("banner").getByRole("button", { name: `Account menu for ${username}` })).toBeVisible();
    const frame = await startFrame(page, game);

    // Forged messages: from the site's own window, and from another origin (an opaque-origin frame
    // inside the game). Both reach the page (recorded below), and neither is stored. (The site's CSP
    // frame-src keeps the game frame itself from being navigated to another origin; that case is
    // covered by the component tests.)
    await page.evaluate(() => {
      const w = window as unknown as { __seen: Array<{ origin: string; score?: number }> };
      w.__seen = [];
      window.addEventListener("message", (e) =>
        w.__seen.push({ origin: e.origin, score: (e.data as { payload?: { score?: number } })?.payload?.score }),
      );
      window.postMessage({ v: 1, type: "score.submit", payload: { score: 999_999, won: true } }, "*");
    });
    await frame.locator("body").evaluate(() => {
      const nested = document.createElement("iframe");
      nested.setAttribute("sandbox", "allow-scripts");
      nested.srcdoc =
        '<script>top.postMessage({ v: 1, type: "score.submit", payload: { score: 777, won: true } }, "*")</script>';
      document.body.appendChild(nested);
    });
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { __seen: Array<{ origin: string; score?: number }> }).__seen),
      )
      .toEqual(
        expect.arrayContaining([
          { origin: new URL(page.url()).origin, score: 999_999 },
          { origin: "null", score: 777 },
        ]),
      );
    // An absence has no event to wait for: a second for a wrongly accepted message's POST to show.
    await page.waitForTimeout(1000);
    expect(posts, "no POST /api/scores for forged messages").toHaveLength(0);
    await expect(page.getByRole("region", { name: /Notifications/ }).locator("li")).toHaveCount(0);

    // A real round is stored.
    await playRound(frame, game);
    await expect.poll(() => posts.length).toBe(1);
    const first = posts[0].postDataJSON() as { playId: string; score: number; won?: boolean };
    expect(Number.isInteger(first.score)).toBe(true);
    // A first score is a personal best, celebrated unless it is 0 (a round ended at once scores 0).
    await expect(toast(page, first.score > 0 ? "New personal best!" : "Score saved")).toBeVisible();
    await expect(toast(page, "on this game")).toContainText(/you are #\d+ on this game/);
    // The live notification of the first score's achievement arrives in the same instant: it waits its turn.
    await expect(toast(page, "Achievement unlocked: First Steps")).toBeVisible({ timeout: 10_000 });
    expect(posts).toHaveLength(1);
    expect((await posts[0].response())?.status()).toBe(201);

    // The game's Leaderboard tab (refetched after the score).
    await page.getByRole("tab", { name: "Leaderboard" }).click();
    const row = page.getByRole("tabpanel", { name: "Leaderboard" }).getByRole("row").filter({ hasText: username });
    await expect(row).toBeVisible();
    await expect(row.getByRole("link", { name: username })).toHaveAttribute("href", `/profile/${user.id}`);
    await expect(row.getByRole("cell").nth(2)).toHaveText(first.score.toLocaleString("en-US"));

    // A second round gets a new play session (one score per play): stored too, not refused.
    const playPost = page.waitForRequest(
      (r) => r.method() === "POST" && r.url().endsWith(`/api/games/${game.id}/play`),
    );
    await playRound(frame, game);
    await playPost;
    await expect.poll(() => posts.length).toBe(2);
    const second = posts[1].postDataJSON() as { playId: string };
    expect(second.playId).not.toBe(first.playId);
    expect((await posts[1].response())?.status()).toBe(201);

    // /leaderboard and the profile's statistics (D25).
    const board = await getJson<Array<{ user: { id: number; username: string }; gamesPlayed: number }>>(
      request,
      `/api/leaderboard?search=${username}`,
    );
    expect(board).toHaveLength(1);
    expect(board[0]).toMatchObject({ user: { id: user.id, username }, gamesPlayed: 2 });
    const stats = await getJson<{ games: Array<{ gameId: number; bestScore: number; scores: number }> }>(
      request,
      `/api/users/${user.id}/stats`,
    );
    expect(stats.games).toEqual([expect.objectContaining({ gameId: game.id, scores: 2 })]);
    expect(stats.games[0].bestScore).toBeGreaterThanOrEqual(first.score);

    await page.goto("/leaderboard");
    await page.getByPlaceholder("Search players...").fill(username);
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: new RegExp(username) })
        .first(),
    ).toBeVisible();

    expect(consoleErrors).toEqual([]);
  });

  test("signed out: 'Sign in to save your score' and nothing is posted", async ({ page, request, consoleErrors }) => {
    await acceptCookies(page);
    await watchFullscreen(page);
    const game = await pickGame(request);
    const posts = watchScorePosts(page);
    await page.goto(`/game/${game.id}`);
    const frame = await startFrame(page, game);
    await playRound(frame, game);
    await expect(toast(page, "Sign in to save your score")).toBeVisible();
    await page.waitForTimeout(500); // (an absence: see above)
    expect(posts).toHaveLength(0);
    expect(consoleErrors).toEqual([]);
  });
});
