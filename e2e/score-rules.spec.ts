import { SCORE_RULE_MESSAGES } from "../src/contract/games-constants";
import { DEFAULT_SCORE_RULES } from "../src/contract/score-rules-constants";
import { expect, getJson, test, watchConsole, type ScoreRules } from "./fixtures";

/**
 * D90 end to end: an administrator makes a game's scores times (order "asc", format "time_ms") through the admin
 * API; players' times, posted as the game page posts them (a play session, then its score), show on the game's
 * page as times, the lowest first. On the admin journey's own server (adminServer), so that the shared server's
 * games keep their rules.
 */

type Game = { id: number; title: string; scoreRules: ScoreRules };
type ScoreEntry = { score: number; user: { id: number; username: string } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("a game whose scores are times: its board lists them as times, lowest first (D90)", async ({
  adminPage,
  adminServer,
  signIn,
}) => {
  test.setTimeout(60_000);
  const admin = adminPage.request;
  const [category] = await getJson<Array<{ id: number }>>(admin, "/api/categories");
  const [builtin] = await getJson<Array<{ imageUrl: string }>>(admin, "/api/games?limit=1");
  const created = await admin.post("/api/admin/games", {
    data: {
      title: `E2E Ice Sprint ${Date.now()}`,
      description: "A race against the clock.",
      imageUrl: builtin.imageUrl,
      categoryId: category.id,
      externalUrl: "https://example.com/ice-sprint/",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const game = (await created.json()) as Game;
  expect(game.scoreRules).toEqual(DEFAULT_SCORE_RULES);

  const patched = await admin.patch(`/api/admin/games/${game.id}`, {
    data: { scoreRules: { order: "asc", format: "time_ms" } },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  expect(((await patched.json()) as Game).scoreRules).toEqual({
    order: "asc",
    format: "time_ms",
    maxScore: null,
    minRoundMs: null,
  });

  // Three players each open a play and, once it has run longer than their time (a time cannot be longer than its
  // play), post it.
  const times = [2_345, 987, 1_234];
  const players = await Promise.all(times.map(() => signIn.player({ baseURL: adminServer.url, prefix: "sr" })));
  const plays = await Promise.all(
    players.map(async (p) => {
      const res = await p.context.request.post(`/api/games/${game.id}/play`, {
        headers: { "Content-Type": "application/json" },
        data: {},
      });
      expect(res.status(), await res.text()).toBe(200);
      const { playId } = (await res.json()) as { playId: string };
      // D108: the round is measured from the gameplay start the game reports through the page
      const started = await p.context.request.post(`/api/games/${game.id}/plays/${playId}/gameplay`, {
        data: { state: "start" },
      });
      expect(started.status(), await started.text()).toBe(204);
      return playId;
    }),
  );
  await sleep(Math.max(...times) + 300);
  for (const [i, p] of players.entries()) {
    const res = await p.context.request.post("/api/scores", { data: { playId: plays[i], score: times[i] } });
    expect(res.status(), await res.text()).toBe(201);
  }
  // A time longer than its play is refused, with the rule's message.
  const late = await players[0].context.request.post(`/api/games/${game.id}/play`, {
    headers: { "Content-Type": "application/json" },
    data: {},
  });
  const tooLong = await players[0].context.request.post("/api/scores", {
    data: { playId: ((await late.json()) as { playId: string }).playId, score: 60_000 },
  });
  expect(tooLong.status()).toBe(400);
  expect(((await tooLong.json()) as { message: string }).message).toBe(SCORE_RULE_MESSAGES.longerThanPlay);

  // The API's board is the lowest first …
  const board = await getJson<ScoreEntry[]>(admin, `/api/scores/game/${game.id}`);
  expect(board.map((e) => [e.user.username, e.score])).toEqual([
    [players[1].username, 987],
    [players[2].username, 1_234],
    [players[0].username, 2_345],
  ]);

  // … and the game's page shows it as times.
  const consoleErrors = watchConsole(adminPage);
  await adminPage.goto(`/game/${game.id}`);
  await expect(adminPage.getByRole("heading", { level: 1, name: game.title })).toBeVisible();
  await expect(adminPage.getByTestId("high-score")).toHaveText("0:00.987");
  await expect(adminPage.getByText("Best Time", { exact: true })).toBeVisible();
  await expect(adminPage.getByText(`Best time held by ${players[1].username}`)).toBeVisible();
  await adminPage.getByRole("tab", { name: "Leaderboard" }).click();
  const table = adminPage.getByRole("tabpanel", { name: "Leaderboard" }).getByRole("table", { name: "Best times" });
  await expect(table.getByRole("columnheader")).toHaveText(["Rank", "Player", "Time", "Date"]);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  for (const [i, [username, time]] of [
    [players[1].username, "0:00.987"],
    [players[2].username, "0:01.234"],
    [players[0].username, "0:02.345"],
  ].entries()) {
    await expect(rows.nth(i).getByRole("cell").nth(0)).toHaveText(String(i + 1));
    await expect(rows.nth(i).getByRole("link", { name: username })).toBeVisible();
    await expect(rows.nth(i).getByRole("cell").nth(2)).toHaveText(time);
  }
  expect(consoleErrors).toEqual([]);
});
