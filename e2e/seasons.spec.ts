import type { APIRequest, APIRequestContext, Locator, Page } from "@playwright/test";
import { seasonLabel } from "../src/contract/leaderboard-constants";
import { expect, getJson, registerPlayer, test, type Player } from "./fixtures";

/**
 * Seasons and the rows around a player (D91) end to end, on `bareAdminServer` (no demo players, so that every
 * player on its boards is one of these tests'): a player outside the top rows sees their own row, highlighted, after
 * the rows above them; an archived season is opened by its link and from the picker, on /leaderboard and on the game
 * page. Games are added without score rules (no minRoundMs), so a score can follow its play at once.
 */
type Season = { id: number; number: number; startsAt: string; endsAt: string | null; current: boolean };
type Ranked = { rank: number; user: { id: number; username: string } };

/** A game added by the admin through the API (an external game, with a maximum so that it counts to the totals, D108). */
async function addGame(admin: APIRequestContext, title: string): Promise<{ id: number; title: string }> {
  const [category] = await getJson<Array<{ id: number }>>(admin, "/api/categories");
  const [builtin] = await getJson<Array<{ imageUrl: string }>>(admin, "/api/games?limit=1");
  const res = await admin.post("/api/admin/games", {
    data: {
      title: `${title} ${Date.now()}`,
      description: "A board for the seasons spec.",
      imageUrl: builtin.imageUrl,
      categoryId: category.id,
      externalUrl: "https://example.com/seasons/",
      scoreRules: { maxScore: 1_000_000_000 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; title: string };
}

/** A play of the game, then its score, as the game page posts them (D21). */
async function play(request: APIRequestContext, gameId: number, score: number) {
  const started = await request.post(`/api/games/${gameId}/play`, {
    headers: { "Content-Type": "application/json" },
    data: {},
  });
  expect(started.status(), await started.text()).toBe(200);
  const { playId } = (await started.json()) as { playId: string };
  const res = await request.post("/api/scores", { data: { playId, score } });
  expect(res.status(), await res.text()).toBe(201);
}

/** `scores.length` new players (each a signed-in API context) who each post one score on the game, a few at a time. */
async function playersScoring(
  requests: APIRequest,
  baseURL: string,
  gameId: number,
  scores: number[],
  prefix: string,
): Promise<Player[]> {
  const players: Player[] = [];
  for (let i = 0; i < scores.length; i += 6) {
    const batch = await Promise.all(
      scores.slice(i, i + 6).map(async (score) => {
        const request = await requests.newContext({ baseURL });
        try {
          const player = await registerPlayer(request, prefix);
          await play(request, gameId, score);
          return player;
        } finally {
          await request.dispose();
        }
      }),
    );
    players.push(...batch);
  }
  return players;
}

const ownRow = (scope: Page | Locator) => scope.locator('tr[aria-current="true"]');

test("a player outside the top rows sees their own row, highlighted, after the rows above them (D92)", async ({
  bareAdminPage,
  bareAdminServer,
  signIn,
  playwright,
}) => {
  // 57 accounts made, each with a play and a score, on a shared two-core machine.
  test.setTimeout(180_000);
  const game = await addGame(bareAdminPage.request, "E2E Around Me");
  // 56 players score higher than me: more than the game board's top 10 and /leaderboard's top 50, and enough that
  // the 5 rows above mine are not among the top 50 (a "…" between them).
  const above = await playersScoring(
    playwright.request,
    bareAdminServer.url,
    game.id,
    // D108 holds a new top 3 on a board of 20 or more: each later player scores below every earlier one.
    Array.from({ length: 56 }, (_, i) => 1_055 - i),
    "am",
  );
  expect(above).toHaveLength(56);
  const me = await signIn.player({ baseURL: bareAdminServer.url, prefix: "me" });
  await play(me.context.request, game.id, 10);
  const page = await me.context.newPage();

  // The game page's board: the top 10, a "…", then the 5 rows above me and mine (the last), with its true rank.
  await page.goto(`/game/${game.id}`);
  await expect(page.getByRole("heading", { level: 1, name: game.title })).toBeVisible();
  await page.getByRole("tab", { name: "Leaderboard" }).click();
  const board = page.getByRole("tabpanel", { name: "Leaderboard" });
  const rows = board.getByTestId("score-row");
  await expect(rows).toHaveCount(16);
  await expect(board.getByTestId("board-gap")).toBeVisible();
  const mine = ownRow(board);
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole("link", { name: me.username })).toBeVisible();
  await expect(mine.getByTestId("you-badge")).toHaveText("You");
  await expect(mine.locator("[data-field=rank]")).toHaveText("57");
  await expect(rows.nth(15)).toHaveAttribute("aria-current", "true");
  await expect(rows.locator("[data-field=rank]")).toHaveText([
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "52",
    "53",
    "54",
    "55",
    "56",
    "57",
  ]);

  // /leaderboard (all time): the top 50, a "…", and my row with the rank the server gives it.
  const aroundMe = await getJson<Ranked[]>(me.context.request, "/api/leaderboard?around=me");
  const myRank = aroundMe.find((r) => r.user.id === me.id)!.rank;
  expect(myRank).toBeGreaterThan(56);
  await page.goto("/leaderboard");
  const table = page.getByRole("tabpanel", { name: "Global Rankings" });
  await expect(table.getByTestId("board-gap")).toBeVisible();
  const myRow = ownRow(table);
  await expect(myRow).toHaveCount(1);
  await expect(myRow.getByRole("link", { name: me.username })).toBeVisible();
  await expect(myRow.getByTestId("you-badge")).toBeVisible();
  await expect(myRow.locator("[data-field=rank]")).toHaveText(String(myRank));
  await expect(table.getByTestId("leaderboard-row")).toHaveCount(50 + aroundMe.length);
  await expect(table.getByTestId("leaderboard-row").locator("[data-field=rank]")).toHaveText([
    ...Array.from({ length: 50 }, (_, i) => String(i + 1)),
    ...aroundMe.map((r) => String(r.rank)),
  ]);
  // The highlight is visible: the row's background is not the table's.
  const background = await myRow.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");
});

test("an archived season is opened by its link and from the pickers, with its label and final standings (D91)", async ({
  bareAdminPage,
  bareAdminServer,
  playwright,
}) => {
  test.setTimeout(120_000);
  const admin = bareAdminPage.request;
  const game = await addGame(admin, "E2E Seasons");
  // Far above anything the other test of this server scores, so that these three lead the season whatever ran before.
  const players = await playersScoring(
    playwright.request,
    bareAdminServer.url,
    game.id,
    [900_000_000, 800_000_000, 700_000_000],
    "ss",
  );
  const before = await getJson<Season[]>(admin, "/api/seasons");
  const old = before.find((s) => s.current)!;

  // The admin starts a new season from the CMS (D91): asked first, then the next season is the current one.
  await bareAdminPage.goto("/cms/scores");
  await expect(bareAdminPage.getByTestId("current-season")).toHaveText(seasonLabel(old));
  await bareAdminPage.getByRole("button", { name: "Start a new season" }).click();
  const dialog = bareAdminPage.getByRole("alertdialog");
  await expect(dialog).toContainText(`${seasonLabel(old)} ends now`);
  await dialog.getByRole("button", { name: "Start new season" }).click();
  await expect(dialog).toBeHidden();
  const after = await getJson<Season[]>(admin, "/api/seasons");
  const archived = after.find((s) => s.id === old.id)!;
  const opened = after.find((s) => s.current)!;
  expect(archived.current).toBe(false);
  expect(opened.id).not.toBe(old.id);
  await expect(bareAdminPage.getByTestId("current-season")).toHaveText(seasonLabel(opened));

  // Its link opens the archived standings, named by the season's label.
  const page = bareAdminPage;
  await page.goto(`/leaderboard?season=${archived.id}`);
  await expect(page.getByTestId("season-caption")).toHaveText(`Final standings of ${seasonLabel(archived)}`);
  const rows = page.getByRole("tabpanel", { name: "Global Rankings" }).getByTestId("leaderboard-row");
  await expect(rows.nth(2)).toBeVisible();
  for (const [i, p] of players.entries()) {
    await expect(rows.nth(i).getByRole("link", { name: p.username })).toBeVisible();
    await expect(rows.nth(i).locator("[data-field=rank]")).toHaveText(String(i + 1));
  }
  await expect(page.getByRole("combobox", { name: "Past seasons" })).toHaveValue(String(archived.id));

  // This Week is the new season: without them, its label as the caption.
  await page.getByRole("link", { name: "This Week" }).click();
  await expect(page).toHaveURL(/\/leaderboard\?period=week$/);
  await expect(page.getByTestId("season-caption")).toHaveText(`Current season: ${seasonLabel(opened)}`);
  await expect(page.getByRole("link", { name: players[0].username })).toHaveCount(0);

  // The picker opens the archived season again.
  await page.getByRole("combobox", { name: "Past seasons" }).selectOption(String(archived.id));
  await expect(page).toHaveURL(new RegExp(`/leaderboard\\?season=${archived.id}$`));
  await expect(page.getByTestId("season-caption")).toHaveText(`Final standings of ${seasonLabel(archived)}`);
  await expect(rows.first().getByRole("link", { name: players[0].username })).toBeVisible();

  // The game page's board: this season is empty, the past season has the three, in order.
  await page.goto(`/game/${game.id}`);
  await expect(page.getByRole("heading", { level: 1, name: game.title })).toBeVisible();
  await page.getByRole("tab", { name: "Leaderboard" }).click();
  const board = page.getByRole("tabpanel", { name: "Leaderboard" });
  await expect(board.getByTestId("score-row")).toHaveCount(3);
  const season = board.getByRole("combobox", { name: "Season" });
  await season.selectOption({ label: "This season" });
  await expect(board.getByText("No scores in this season.")).toBeVisible();
  await season.selectOption({ label: seasonLabel(archived) });
  await expect(board.getByTestId("game-season-caption")).toHaveText(`Final standings of ${seasonLabel(archived)}`);
  await expect(board.getByTestId("score-row").locator("a")).toContainText(players.map((p) => p.username));
});
