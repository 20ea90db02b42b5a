import { Secret, TOTP } from "otpauth";
import { expect, test } from "./fixtures";
import { startServer, type RunningServer } from "./server";

/**
 * A staff member sets up two-step sign-in in the CMS (QR code and key, a first code, recovery codes shown
 * once) and then signs in with the emailed code AND the authenticator's code. The authenticator is computed here with
 * the same library as the server (otpauth). Turning it off goes through "Confirm it's you" (D105). A server of its own, so that no other spec's admin gets a second factor.
 */
const EMAIL = "twostep@example.com";
let server: RunningServer;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ NODE_ENV: "development", ADMIN_EMAILS: EMAIL, LOG_LEVEL: "info" });
});
test.afterAll(async () => {
  await server?.stop();
});

const totp = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

test("enrol in the CMS, then sign in with the emailed code and the authenticator's code", async ({ page }) => {
  test.setTimeout(60_000);
  // The emailed code (development fills it in)
  await page.goto(`${server.url}/cms`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Verification code")).toHaveValue(/^\d{6}$/);
  await page.getByRole("button", { name: "Verify & Sign In" }).click();
  // D106: an admin's first sign-in goes straight to the set-up, and the nav offers nothing else until it is done
  await expect(page).toHaveURL(/\/cms\/two-step$/);
  await expect(page.getByRole("heading", { name: "Set up two-step sign-in to continue" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText([
    "Main Site",
    "Two-step sign-in",
  ]);
  expect((await page.request.get(`${server.url}/api/admin/dashboard`)).status()).toBe(403);

  // Set up
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.locator("code").first().innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("2. Enter the code the app shows").fill(totp(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await expect(page.locator("li.select-all")).toHaveCount(10);
  const recoveryCode = await page.locator("li.select-all").first().innerText();
  await page.getByRole("button", { name: "I have saved them, continue to the CMS" }).click();
  // …and on into the CMS
  await expect(page).toHaveURL(/\/cms\/dashboard$/);
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Games" })).toBeVisible();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Two-step sign-in" }).click();
  await expect(page.getByText("10 unused recovery codes left.")).toBeVisible();

  // Sign out, sign in again: the emailed code is no longer enough
  await page
    .getByRole("navigation", { name: "Admin" })
    .locator("xpath=..")
    .getByRole("link", { name: "Logout" })
    .click();
  await expect(page.getByRole("heading", { name: "Admin Sign In" })).toBeVisible();
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Verification code")).toHaveValue(/^\d{6}$/);
  await page.getByRole("button", { name: "Verify & Sign In" }).click();
  const second = page.getByLabel("Authenticator code or recovery code");
  await expect(second).toBeVisible();
  await expect(page).toHaveURL(/\/cms$/);
  // A wrong code is refused; the next 30-second step's code (within the ±1 step allowed) signs in
  await second.fill(totp(secret, Date.now() - 120_000));
  await page.getByRole("button", { name: "Verify & Sign In" }).click();
  await expect(page.getByText("That code is not right.", { exact: false }).first()).toBeVisible();
  await second.fill(totp(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify & Sign In" }).click();
  await expect(page).toHaveURL(/\/cms\/dashboard$/);

  // D105: turning it off first asks "Confirm it's you"; this staff account has no password, so a code is mailed
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Two-step sign-in" }).click();
  await page.getByLabel("Turn off with a current code").fill(recoveryCode);
  await page.getByRole("button", { name: "Turn off two-step sign-in" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it’s you" });
  await dialog.getByRole("button", { name: "Send me a code" }).click();
  await expect(dialog.getByLabel("Code")).toBeVisible();
  const confirmationCode = () => server.logs().match(new RegExp(`${EMAIL}.*confirmation code: (\\d{6})`))?.[1];
  await expect.poll(confirmationCode, { message: "the confirmation code's mail in the server log" }).toMatch(/^\d{6}$/);
  await dialog.getByLabel("Code").fill(confirmationCode()!);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  // the refused change is sent again once confirmed
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Set up an authenticator app" })).toBeVisible();
});
