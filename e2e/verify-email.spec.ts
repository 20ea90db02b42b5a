import type { Page } from "@playwright/test";
import {
  acceptCookies,
  expect,
  PLAYER_PASSWORD as PASSWORD,
  test,
  uniqueName,
  verificationTokensMailedTo,
} from "./fixtures";

/**
 * Registration with an address you do not own: an address given on /login's Register tab
 * is confirmed by its mailed link (D87) before it signs in; until then the username does. On the admin journey's own
 * server (`adminServer`: without SMTP_URL its mails are printed to its log, where the link is read).
 */
test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

/** Console errors other than the 401s the browser logs for an expected failed sign-in. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !(/status of 401/.test(e) && /\/api\/auth\/login\b/.test(e)));

async function signIn(page: Page, name: string) {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username or email").fill(name);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Password", { exact: true }).press("Enter");
}

async function signOut(page: Page) {
  const out = await page.request.post("/api/auth/logout");
  expect(out.status()).toBe(204);
}

test("an address given at registration signs in only after its link is followed; the username signs in before", async ({
  page,
  adminServer,
  consoleErrors,
}) => {
  // Three password checks at the production cost (D12).
  test.slow();
  await acceptCookies(page);
  const username = uniqueName("Mail");
  const email = `${username.toLowerCase()}@example.com`;
  await page.goto("/login?tab=register&returnTo=%2Fleaderboard");
  const register = page.getByRole("form", { name: "Register" });
  await register.getByLabel("Username").fill(username);
  await register.getByLabel("Email (optional)").fill(email);
  await register.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await register.getByRole("button", { name: "Create Account" }).click();

  // The screen says where the link went and how to sign in until then; Continue goes on to returnTo.
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(
    page.getByText(`We sent a link to ${email} to confirm it. Until then, sign in with your username.`),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/leaderboard");

  // Not confirmed yet: the address is answered like an unknown account; the username signs in.
  await signOut(page);
  await signIn(page, email);
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
  await signIn(page, username);
  await expect(page).toHaveURL(/\/$/);

  // The mailed link, opened signed in, confirms the address; then it signs in.
  await expect.poll(() => verificationTokensMailedTo(adminServer, email).length).toBe(1);
  const [token] = verificationTokensMailedTo(adminServer, email);
  await page.goto(`/settings/verify-email?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
  await signOut(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: `Account menu for ${username}` })).toBeVisible();

  expect(unexpected(consoleErrors)).toEqual([]);
});
