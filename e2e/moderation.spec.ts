import type { APIRequestContext, Page } from "@playwright/test";
import { REPORT_SENT } from "../src/contract/reports-constants";
import {
  codesMailedTo,
  expect,
  expectToast,
  registerWithVerifiedEmail,
  test,
  watchConsole,
  type ServerWithLog,
} from "./fixtures";

/**
 * D96: an admin makes a player a moderator in /cms/users; the moderator signs in to /cms with the
 * emailed one-time code, lands on the reports queue, sees only Reports in the nav, and dismisses a report a player
 * sent through the API. On the admin journey's own server (`adminServer`: the code's mail is printed to its log).
 */
test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

/** Registers a player with a verified email (D11) through `request`, which is then signed in as them. */
const registerWithEmail = (request: APIRequestContext, server: ServerWithLog, prefix: string) =>
  registerWithVerifiedEmail(request, server, prefix);

const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin" });

test("a moderator, made in /cms/users, signs in with a code, sees only Reports and dismisses a report (D96, D97)", async ({
  adminPage,
  adminServer,
  browser,
  playwright,
}) => {
  const fresh = () => playwright.request.newContext({ baseURL: adminServer.url });
  const [modRequest, authorRequest, reporterRequest] = await Promise.all([fresh(), fresh(), fresh()]);
  const modContext = await browser.newContext({ baseURL: adminServer.url });
  try {
    const mod = await registerWithEmail(modRequest, adminServer, "mod");
    const author = await registerWithEmail(authorRequest, adminServer, "author");
    const reporter = await registerWithEmail(reporterRequest, adminServer, "reporter");

    // The admin gives the moderator role in /cms/users.
    const adminErrors = watchConsole(adminPage, /\/api\/admin\/user$/);
    await adminPage.goto("/cms/users");
    await adminPage.getByRole("searchbox", { name: /Search users/ }).fill(mod.username);
    const row = adminPage.getByRole("row", { name: new RegExp(mod.email.replace(/\./g, "\\.")) });
    await row.getByRole("combobox", { name: `Role of ${mod.username}` }).click();
    await adminPage.getByRole("option", { name: "Moderator" }).click();
    await expectToast(adminPage, `${mod.username} is now a moderator`);
    await expect(row.getByRole("combobox", { name: `Role of ${mod.username}` })).toHaveText("Moderator");
    expect(adminErrors).toEqual([]);

    // A player reports another player's profile (D102).
    const sent = await reporterRequest.post("/api/reports", {
      data: { kind: "profile", targetId: author.id, reason: "spam", text: "Adverts in the bio" },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    expect(((await sent.json()) as { message: string }).message).toBe(REPORT_SENT);

    // The moderator signs in with the emailed code (development: the form fills it in; the log has the same one).
    await modContext.addInitScript(() => window.localStorage.setItem("cookieConsent", "all"));
    const page = await modContext.newPage();
    const errors = watchConsole(page, /\/api\/admin\/user$/);
    await page.goto("/cms");
    await page.getByLabel("Email").fill(mod.email);
    await page.getByRole("button", { name: "Send code" }).click();
    const code = page.getByLabel("Verification code");
    await expect(code).toHaveValue(/^\d{6}$/);
    await expect.poll(() => codesMailedTo(adminServer, mod.email).at(-1)).toBe(await code.inputValue());
    await page.getByRole("button", { name: "Verify & Sign In" }).click();

    // D96: they land on the reports, and the nav offers nothing else of the CMS.
    await expect(page).toHaveURL("/cms/reports");
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
    await expect(adminNav(page).getByRole("link")).toHaveText(["Main Site", /^Reports/, "Two-step sign-in"]);

    // The report, with its reporter's reason and words; no Ban for a moderator.
    const item = page.getByRole("article", { name: `Profile by ${author.username}` });
    await expect(item).toContainText(reporter.username);
    await expect(item).toContainText("Spam or advertising");
    await expect(item).toContainText("Adverts in the bio");
    await expect(item.getByRole("button")).toHaveText(["Dismiss", "Mute author"]);

    await item.getByRole("button", { name: "Dismiss" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Dismiss this report?");
    await dialog.getByRole("button", { name: "Dismiss" }).click();
    await expectToast(page, "Report dismissed");
    await expect(item).toHaveCount(0);

    // It is on the Handled tab, by this moderator; the reporter is told (D97).
    await page.getByRole("tab", { name: "Handled" }).click();
    await expect(page.getByRole("article", { name: `Profile by ${author.username}` })).toContainText(
      `Dismissed by ${mod.username}`,
    );
    await expect
      .poll(async () =>
        ((await (await reporterRequest.get("/api/notifications")).json()) as { items: { kind: string }[] }).items.map(
          (n) => n.kind,
        ),
      )
      .toContain("report_handled");

    // An admin-only section says so instead of failing.
    await page.goto("/cms/users");
    await expect(page.getByRole("heading", { name: "This section is for administrators" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Reports" }).click();
    await expect(page).toHaveURL("/cms/reports");
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([modContext.close(), modRequest.dispose(), authorRequest.dispose(), reporterRequest.dispose()]);
  }
});
