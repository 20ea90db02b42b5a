import { acceptCookies, expect, test } from "./fixtures";

test("a built-in game loads inside the frame from the games origin (D2, D20)", async ({ page, api, consoleErrors }) => {
  await acceptCookies(page);
  const games = await api.games();
  const game = games.find((g) => g.frameUrl.startsWith(process.env.E2E_GAMES_URL!));
  expect(game, "a built-in game").toBeTruthy();
  await page.goto(`/game/${game!.id}`);
  await expect(page.getByRole("heading", { name: game!.title, level: 1 })).toBeVisible();
  const playsBefore = ((await (await page.request.get(`/api/games/${game!.id}`)).json()) as { plays: number }).plays;
  await page.getByRole("button", { name: "Play Now" }).first().click();
  const iframe = page.locator(`iframe[title="${game!.title}"]`);
  await expect(iframe).toBeVisible();
  await expect(iframe).toHaveAttribute("src", `${process.env.E2E_GAMES_URL}/game-frame/${game!.id}/`);
  await expect(iframe).toHaveAttribute(
    "sandbox",
    "allow-scripts allow-same-origin allow-pointer-lock allow-popups allow-forms",
  );
  const frame = page.frameLocator(`iframe[title="${game!.title}"]`);
  await expect(frame.locator("body")).toHaveAttribute("data-state", /title|playing/);
  const after = ((await (await page.request.get(`/api/games/${game!.id}`)).json()) as { plays: number }).plays;
  expect(after).toBe(playsBefore + 1);
  // The site origin never serves game code (D2).
  const onSite = await page.request.get(`/game-frame/${game!.id}/`);
  expect(onSite.status()).toBe(404);
  expect(consoleErrors.filter((e) => !/fullscreen/i.test(e))).toEqual([]);
});
