import type { Page } from "@playwright/test";
import { acceptCookies, expect, expectToastThenDismiss, getJson, test } from "./fixtures";

/**
 * Reviews end to end (D30): register → header shows the
 * initials → write a review → edit it → delete it, with the spec's toasts; the game's stars and
 * rating follow; a visitor sees 'Please log in to write a review'.
 */

type Game = { id: number; title: string; rating: number };
type Aggregate = { rating: number; average: number; count: number };

async function expectGameRating(page: Page, rating: number) {
  const stars = page.getByTestId("game-rating");
  await expect(stars.getByRole("img", { name: `Rated ${(rating / 10).toFixed(1)} out of 5` })).toBeVisible();
  await expect(stars).toContainText((rating / 10).toFixed(1));
}

test.describe("reviews (spec §4, §8; D30–D32)", () => {
  // One game per run, reviewed by one new player; other specs do not write reviews.
  test.describe.configure({ mode: "serial" });
  test.use({ playerPrefix: "rev" });

  test("a visitor sees 'Please log in to write a review'", async ({ page, api, consoleErrors }) => {
    await acceptCookies(page);
    const [game] = await api.games();
    await page.goto(`/game/${game.id}`);
    await page.getByRole("tab", { name: "Reviews" }).click();
    const panel = page.getByRole("tabpanel", { name: "Reviews" });
    await expect(panel.getByText("Please log in to write a review")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      `/api/auth/login?returnTo=%2Fgame%2F${game.id}`,
    );
    await expect(panel.getByRole("button", { name: "Submit" })).toHaveCount(0);
    await expect(panel.getByRole("group", { name: "Your rating" })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("register, write, edit and delete a review; the game's stars follow", async ({
    page,
    player: user,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    await acceptCookies(page);
    const games = await getJson<Game[]>(request, "/api/games");
    const game = games[games.length - 1];
    const { username } = user;

    // registered (the `player` fixture signs this page's context in) → the header shows the initials
    await page.goto(`/game/${game.id}`);
    const account = page.getByRole("banner").getByRole("button", { name: `Account menu for ${username}` });
    await expect(account).toContainText(username.slice(0, 2).toUpperCase());

    await page.getByRole("tab", { name: "Reviews" }).click();
    const panel = page.getByRole("tabpanel", { name: "Reviews" });
    const form = panel.getByRole("form", { name: "Write a Review" });
    await expect(form).toBeVisible();
    await expect(form.getByRole("button", { name: "Delete" })).toHaveCount(0);

    // no rating → 'Rating required'
    await form.getByRole("button", { name: "Submit" }).click();
    await expectToastThenDismiss(page, "Rating required", "Please select a star rating");

    // hover sets the draft, click too; the keyboard works
    await form.getByRole("button", { name: "2 stars" }).hover();
    await expect(form.getByRole("button", { name: "2 stars" })).toHaveAttribute("aria-pressed", "true");
    await form.getByRole("button", { name: "5 stars" }).click();
    await expect(form.getByRole("button", { name: "5 stars" })).toHaveAttribute("aria-pressed", "true");
    await form.getByRole("button", { name: "5 stars" }).press("ArrowLeft");
    await expect(form.getByRole("button", { name: "4 stars" })).toHaveAttribute("aria-pressed", "true");
    const comment = `Brilliant <b>fun</b> ${username}`;
    await form.getByLabel("Your review (optional)").fill(`  ${comment}  `);

    const before = await getJson<Aggregate>(request, `/api/games/${game.id}/rating`);
    await form.getByRole("button", { name: "Submit" }).click();
    await expectToastThenDismiss(page, "Review submitted!", "Thanks for sharing your opinion.");

    // the list shows it as text; the form turns into 'Edit Your Review', prefilled
    const mine = panel.getByRole("list", { name: "Reviews" }).getByRole("listitem").filter({ hasText: username });
    await expect(mine).toContainText(comment);
    await expect(mine.locator("b")).toHaveCount(0);
    await expect(mine).toContainText("just now");
    await expect(mine.getByRole("img", { name: "Rated 4.0 out of 5" })).toBeVisible();
    const edit = panel.getByRole("form", { name: "Edit Your Review" });
    await expect(edit.getByRole("button", { name: "4 stars" })).toHaveAttribute("aria-pressed", "true");
    await expect(edit.getByLabel("Your review (optional)")).toHaveValue(comment);

    // the aggregate and the game's stars moved (D32)
    const afterCreate = await getJson<Aggregate>(request, `/api/games/${game.id}/rating`);
    expect(afterCreate.count).toBe(before.count + 1);
    await expectGameRating(page, afterCreate.rating);
    await expect(panel.getByTestId("rating-count")).toHaveText(`${afterCreate.count} reviews`);
    expect((await getJson<Game>(request, `/api/games/${game.id}`)).rating).toBe(afterCreate.rating);

    // a reload keeps it prefilled (from GET …/reviews/user/{id})
    await page.reload();
    await page.getByRole("tab", { name: "Reviews" }).click();
    await expect(edit.getByLabel("Your review (optional)")).toHaveValue(comment);

    // edit: 1 star → 'Review updated!'
    await edit.getByRole("button", { name: "1 star", exact: true }).click();
    await edit.getByLabel("Your review (optional)").fill("Changed my mind");
    await edit.getByRole("button", { name: "Update" }).click();
    await expectToastThenDismiss(page, "Review updated!", "Thanks for sharing your opinion.");
    await expect(mine).toContainText("Changed my mind");
    await expect(mine.getByRole("img", { name: "Rated 1.0 out of 5" })).toBeVisible();
    const afterUpdate = await getJson<Aggregate>(request, `/api/games/${game.id}/rating`);
    expect(afterUpdate.count).toBe(afterCreate.count);
    await expectGameRating(page, afterUpdate.rating);
    const own = await getJson<{ rating: number; comment: string }>(
      request,
      `/api/games/${game.id}/reviews/user/${user.id}`,
    );
    expect(own).toMatchObject({ rating: 1, comment: "Changed my mind" });

    // delete → 'Review deleted', the form is cleared
    await edit.getByRole("button", { name: "Delete" }).click();
    await expectToastThenDismiss(page, "Review deleted", "Your review has been removed.");
    await expect(form).toBeVisible();
    await expect(form.getByLabel("Your review (optional)")).toHaveValue("");
    await expect(form.getByRole("button", { name: /stars? ?$/, pressed: true })).toHaveCount(0);
    await expect(mine).toHaveCount(0);
    const afterDelete = await getJson<Aggregate>(request, `/api/games/${game.id}/rating`);
    expect(afterDelete.count).toBe(before.count);
    await expectGameRating(page, afterDelete.rating);
    expect(await getJson<unknown>(request, `/api/games/${game.id}/reviews/user/${user.id}`)).toBeNull();

    expect(consoleErrors).toEqual([]);
  });
});
