import type { AdminScoreRow } from "../src/contract/admin/scores";
import { formatScore } from "../src/contract/games-constants";
import { expect, expectToast, test, watchConsole } from "./fixtures";

/**
 * D93: score moderation in the CMS on the demo data. An admin narrows the list to one player on one game,
 * removes a score, then resets the player on that game; each action is in the audit log. Hiding the player from
 * the boards (Users) shows on the scores' rows.
 */
test.describe.configure({ mode: "serial" });
test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

test("Scores: filter by game and player, remove a score, reset the player on the game; audit-logged", async ({
  adminPage: page,
}) => {
  const errors = watchConsole(page);
  const all = (await (await page.request.get("/api/admin/scores?limit=200")).json()) as AdminScoreRow[];
  // A player with at least two scores on one game (the demo seed has many).
  const counts = new Map<string, AdminScoreRow[]>();
  for (const s of all) counts.set(`${s.user.id}/${s.game.id}`, [...(counts.get(`${s.user.id}/${s.game.id}`) ?? []), s]);
  const pair = [...counts.values()].find((rows) => rows.length >= 2)!;
  expect(pair, "a player with two scores on one game in the demo data").toBeDefined();
  const { user, game } = pair[0];
  const mine = (await (
    await page.request.get(`/api/admin/scores?userId=${user.id}&gameId=${game.id}&limit=200`)
  ).json()) as AdminScoreRow[];

  await page.goto("/cms/scores");
  await expect(page.getByRole("heading", { name: "Scores", level: 1 })).toBeVisible();
  await page.getByRole("combobox", { name: "Game" }).click();
  await page.getByRole("option", { name: game.title, exact: true }).click();
  await page.getByLabel("Player").fill(user.username);
  await page
    .getByRole("list", { name: "Matching players" })
    .getByRole("button", { name: new RegExp(`^${user.username}`) })
    .click();
  const table = page.getByRole("table", { name: "Scores" });
  await expect(table.getByRole("row")).toHaveCount(mine.length + 1);

  const newest = mine[0];
  await table
    .getByRole("row")
    .nth(1)
    .getByRole("button", { name: /^Remove score/ })
    .click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(
    `Remove ${user.username}'s score of ${formatScore(newest.score, game.format)} on ${game.title}? Their best, totals and achievements are recomputed.`,
  );
  await dialog.getByRole("button", { name: "Remove score" }).click();
  await expectToast(
    page,
    `Removed ${user.username}'s score of ${formatScore(newest.score, game.format)} on ${game.title}`,
  );
  await expect(table.getByRole("row")).toHaveCount(mine.length);

  await table
    .getByRole("row")
    .nth(1)
    .getByRole("button", { name: /^Reset player/ })
    .click();
  await expect(dialog).toContainText(`Remove all of ${user.username}'s scores on ${game.title}?`);
  await dialog.getByRole("button", { name: "Reset player" }).click();
  const left = mine.length - 1;
  await expectToast(page, `Removed ${left} ${left === 1 ? "score" : "scores"} of ${user.username} on ${game.title}`);
  await expect(table.getByText("No scores match these filters.")).toBeVisible();

  const audit = (await (await page.request.get("/api/admin/audit?action=score.")).json()) as {
    items: Array<{ action: string }>;
  };
  expect(audit.items.map((i) => i.action)).toEqual(["score.reset", "score.delete"]);
  expect(errors).toEqual([]);
});

test("Users: Hide from boards shows the badge there and on the player's scores; Show on boards takes it away (D93)", async ({
  adminPage: page,
}) => {
  const [row] = (await (await page.request.get("/api/admin/scores?limit=1")).json()) as AdminScoreRow[];
  const name = row.user.username;
  await page.goto("/cms/users");
  const userRow = page.getByRole("row").filter({ hasText: name }).first();
  await userRow.getByRole("button", { name: new RegExp(`^Hide from boards\\s*${name}$`) }).click();
  await expectToast(page, `${name} is hidden from the boards`);
  await expect(userRow.getByText("Hidden from boards")).toBeVisible();

  await page.goto("/cms/scores");
  await expect(
    page.getByRole("table", { name: "Scores" }).getByRole("row").nth(1).getByText("Hidden from boards"),
  ).toBeVisible();

  await page.goto("/cms/users");
  await userRow.getByRole("button", { name: new RegExp(`^Show on boards\\s*${name}$`) }).click();
  await expectToast(page, `${name} is shown on the boards again`);
  await expect(userRow.getByText("Hidden from boards")).toHaveCount(0);
});
