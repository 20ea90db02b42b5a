import sharp from "sharp";
import { acceptCookies, axeViolations, expect, test } from "./fixtures";

/** D87 /settings, on a 375 px wide phone. */

test.describe("Settings (D87) at 375 px", () => {
  test.use({ playerPrefix: "st", viewport: { width: 375, height: 800 } });
  test.beforeEach(async ({ page }) => acceptCookies(page));

  test("the account menu leads to Settings; choices persist; the avatar shows in the header; no sideways scrolling", async ({
    page,
    player,
    consoleErrors,
  }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: new RegExp(`Account menu for ${player.username}`) }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page).toHaveTitle("Settings - Arcadium");
    await expect(page.getByRole("heading", { name: "Danger zone" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );

    // A notification choice and the profile visibility are saved.
    const beaten = page.getByRole("switch", { name: "Beaten scores" });
    await expect(beaten).toHaveAttribute("aria-checked", "true");
    await beaten.click();
    await expect(beaten).toHaveAttribute("aria-checked", "false");
    await page.getByText("Friends only", { exact: true }).click();
    await expect(page.getByRole("radio", { name: /Friends only/ })).toBeChecked();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Beaten scores" })).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("radio", { name: /Friends only/ })).toBeChecked();

    // The avatar: uploaded, then shown by the header.
    const png = await sharp({ create: { width: 500, height: 300, channels: 3, background: { r: 30, g: 160, b: 90 } } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await expect(page.getByText("Avatar updated", { exact: true })).toBeVisible();
    await expect(page.getByRole("banner").locator('img[src^="/uploads/avatars/"]')).toBeVisible();

    expect(await axeViolations(page, { include: "main" })).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("'Sign out everywhere else' signs the other browser out", async ({ page, player, browser, baseURL }) => {
    const other = await browser.newContext({ baseURL });
    const login = await other.request.post("/api/auth/login", {
      data: { username: player.username, password: player.password },
    });
    expect(login.status()).toBe(200);
    await page.goto("/settings");
    await expect(page.getByText("This device")).toBeVisible();
    await expect(page.getByRole("region", { name: "Sessions" }).getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByText("Only this browser is still signed in.", { exact: true })).toBeVisible();
    expect((await other.request.get("/api/auth/user")).status()).toBe(401);
    await other.close();
  });

  test("deleting the account shows the pending deletion; 'Cancel deletion' takes it back", async ({ page, player }) => {
    await page.goto("/settings");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel("Password", { exact: true }).fill(player.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText(/Your account will be deleted on/).first()).toBeVisible();
    await page.getByRole("button", { name: "Cancel deletion" }).click();
    await expect(page.getByText("Deletion cancelled", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete my account" })).toBeVisible();
  });
});
