import type { Page } from "@playwright/test";
import { acceptCookies, expect, PLAYER_PASSWORD as PASSWORD, registerPlayer, test, uniqueName } from "./fixtures";

/**
 * The /login screen (D10) and the header's signed-in and signed-out
 * states. These tests drive the sign-in and register forms themselves: accounts made
 * beforehand are registered through the API (registerPlayer) without signing the page in.
 */

const header = (page: Page) => page.getByRole("banner");

/** Console errors other than the 401s the browser logs for an expected failed sign-in. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !(/status of 401/.test(e) && /\/api\/auth\/login\b/.test(e)));

async function expectSignedOut(page: Page) {
  await expect(header(page).getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
  await expect(header(page).getByText("GU", { exact: true })).toBeVisible();
  await expect(header(page).getByRole("button", { name: /Notifications/ })).toHaveCount(0);
}

async function expectSignedIn(page: Page, username: string) {
  const initials = username.slice(0, 2).toUpperCase();
  const account = header(page).getByRole("button", { name: `Account menu for ${username}` });
  await expect(account).toBeVisible();
  await expect(account).toContainText(initials);
  // D83: a new account has no notifications: the bell without a badge.
  const bell = header(page).getByRole("button", { name: "Notifications", exact: true });
  await expect(bell).toBeVisible();
  await expect(header(page).getByTestId("notification-badge")).toHaveCount(0);
  await expect(header(page).getByRole("link", { name: "Sign In", exact: true })).toHaveCount(0);
}

async function signOut(page: Page, username: string) {
  await header(page)
    .getByRole("button", { name: `Account menu for ${username}` })
    .click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "My Games" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function fillSignIn(page: Page, username: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username or email").fill(username);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Password", { exact: true }).press("Enter");
}

test.describe("accounts (issue 4)", () => {
  test("register on /login, sign out, sign in again, and a wrong password is refused", async ({
    page,
    consoleErrors,
  }) => {
    // Three password hashes at the production cost (D12), each several seconds on a busy 2-core machine.
    test.slow();
    await acceptCookies(page);
    const username = uniqueName("Auth");
    await page.goto("/login?tab=register");
    await expect(page).toHaveTitle("Sign In - Arcadium");
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");

    const register = page.getByRole("form", { name: "Register" });
    await register.getByLabel("Username").fill(username);
    await register.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await register.getByRole("button", { name: "Create Account" }).click();

    // Registered and signed in: back home with initials and the fixed badge (spec §2).
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, username);
    await header(page)
      .getByRole("button", { name: `Account menu for ${username}` })
      .click();
    const profile = page.getByRole("menu").getByRole("menuitem", { name: "Profile" });
    await expect(profile).toHaveAttribute("href", /^\/profile\/\d+$/);
    await page.keyboard.press("Escape");

    // The session survives a reload (cookie, D13).
    await page.reload();
    await expectSignedIn(page, username);

    await signOut(page, username);
    await expectSignedOut(page);

    // Sign in again through the form (the header's Sign In goes through /api/auth/login to /login).
    await header(page).getByRole("link", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillSignIn(page, username.toLowerCase(), PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, username);

    await signOut(page, username);
    await expectSignedOut(page);

    // A wrong password: the server's message (D11).
    await page.goto("/login");
    await fillSignIn(page, username, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
    await expect(page).toHaveURL(/\/login$/);
    await expectSignedOut(page);

    expect(unexpected(consoleErrors)).toEqual([]);
  });

  test("registration errors are shown by their fields", async ({ page, request }) => {
    await acceptCookies(page);
    const { username: taken } = await registerPlayer(request, "Taken");

    await page.goto("/login?tab=register");
    const form = page.getByRole("form", { name: "Register" });
    await form.getByLabel("Username").fill(taken.toUpperCase());
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Create Account" }).click();
    const username = form.getByLabel("Username");
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(username).toHaveAccessibleDescription(/Username is already taken/);

    await form.getByLabel("Password", { exact: true }).fill("short");
    await form.getByLabel("Email (optional)").fill("not-an-email");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByLabel("Email (optional)")).toHaveAccessibleDescription(/Please enter a valid email address/);
    await expect(form.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      /Password must be at least 8 characters/,
    );
  });

  test("/login?tab=register opens Register, and the tabs switch", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/login?tab=register");
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("form", { name: "Register" })).toBeVisible();
    await page.getByRole("tab", { name: "Sign In" }).click();
    await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the header's Register and the guest menu lead to the login screen", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/");
    await header(page).getByRole("button", { name: "Guest account menu" }).click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/login\?tab=register$/);
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
  });

  test("returnTo is honoured, and an off-site returnTo goes home", async ({ page, request }) => {
    // Three password hashes at the production cost (D12), each several seconds on a busy 2-core machine.
    test.slow();
    await acceptCookies(page);
    const { username } = await registerPlayer(request, "Back");

    await page.goto("/leaderboard");
    await header(page).getByRole("link", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fleaderboard$/);
    await fillSignIn(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expectSignedIn(page, username);

    // Already signed in: the login screen says who and offers the way onward.
    await page.goto("/login?returnTo=%2Fgames");
    await expect(page.getByRole("main").getByText(username)).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/games$/);

    await signOut(page, username);
    await page.goto("/login?returnTo=%2F%2Fevil.example%2F");
    await fillSignIn(page, username, PASSWORD);
    await expectSignedIn(page, username);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("Google: no button when not configured, and /api/auth/google shows why", async ({ page, request }) => {
    await acceptCookies(page);
    expect(await (await request.get("/api/auth/providers")).json()).toEqual({ google: false });
    await page.goto("/login");
    await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue with Google" })).toHaveCount(0);

    await page.goto("/api/auth/google");
    await expect(page).toHaveURL(/\/login\?error=google_unavailable$/);
    await expect(page.getByRole("alert")).toHaveText("Google sign-in is not available on this site.");
  });

  test("the login screen works at phone width and by keyboard", async ({ page }) => {
    await acceptCookies(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/login");
    const form = page.getByRole("form", { name: "Sign in" });
    await expect(form).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await form.getByLabel("Username or email").focus();
    await page.keyboard.type("nobody_here");
    await page.keyboard.press("Tab");
    await expect(form.getByLabel("Password", { exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "Show password" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  });
});
