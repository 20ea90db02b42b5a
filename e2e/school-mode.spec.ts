import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import {
  ADMIN_EMAIL,
  acceptCookies,
  axeViolations,
  expect,
  seriousOrCritical,
  transitionsEnded,
  WCAG_A_AA,
  registerPlayer,
  scrollToChat,
  signInAdmin,
  test,
  uniqueName,
  waitForHydrationAfterNavigation,
  watchConsole,
} from "./fixtures";
import { startServer, type RunningServer } from "./server";

/**
 * D98 end to end in the browser, on a server of its own (school mode changes the whole site): the admin fills the
 * word lists in Settings' "Community safety" card and a player's chat message with an evasion is refused; then
 * School mode, after its confirmation, turns the chat off (the home chat says so), makes an existing player's
 * profile private and makes registration ask for the invite code, which lets a new player in.
 *
 * SHOTS_DIR=/some/dir also saves screenshots of the card and of the registration form (1440 and 375 px, light and dark).
 */
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let adminState: Awaited<ReturnType<BrowserContext["storageState"]>>;
const contexts: BrowserContext[] = [];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  server = await startServer({ NODE_ENV: "development", ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: "info" });
  // one sign-in code for the file (codes are limited per address)
  const request = await playwright.request.newContext({ baseURL: server.url });
  await signInAdmin(request, server);
  adminState = await request.storageState();
  await request.dispose();
});
test.afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await server?.stop();
});

async function open(
  browser: Browser,
  options: { admin?: boolean; theme?: "light" | "dark"; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: options.width ?? 1440, height: 900 },
    ...(options.admin ? { storageState: adminState } : {}),
  });
  contexts.push(context);
  await acceptCookies(context);
  if (options.theme) await context.addInitScript((t) => localStorage.setItem("arcadium-theme", t), options.theme);
  return waitForHydrationAfterNavigation(await context.newPage());
}

const shotsDir = process.env.SHOTS_DIR;
async function shoot(
  browser: Browser,
  url: string,
  name: string,
  locate: (page: Page) => Promise<void>,
  admin = false,
) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const theme of ["light", "dark"] as const) {
    for (const width of [1440, 375]) {
      const page = await open(browser, { admin, theme, width });
      await page.goto(url);
      await locate(page);
      await page.screenshot({ path: path.join(shotsDir, `${name}.${theme}.${width}.png`), fullPage: false });
      await page.context().close();
    }
  }
}

test("Community safety: the admin's word lists refuse a player's evasion in chat", async ({ browser }) => {
  const admin = await open(browser, { admin: true });
  const errors = watchConsole(admin);
  await admin.goto("/cms/settings");
  await admin.getByLabel("Blocked words").fill("bad");
  await admin.getByLabel("Masked words").fill("darn");
  await admin.getByRole("button", { name: "Save Community Safety" }).click();
  await expect(admin.getByText("Community safety saved", { exact: true }).first()).toBeVisible();

  const player = await open(browser);
  await registerPlayer(player.context().request, "chat");
  await player.goto("/");
  await scrollToChat(player);
  const input = player.getByRole("textbox", { name: "Chat message" });
  await input.fill("you are B A D");
  await input.press("Enter");
  await expect(
    player.getByRole("alert").filter({ hasText: "Your message contains a word that is not allowed here" }),
  ).toBeVisible();
  await input.fill("well darn");
  await input.press("Enter");
  await expect(player.getByRole("log", { name: "Chat messages" }).getByText("well ****")).toBeVisible();
  expect(errors).toEqual([]);

  await shoot(
    browser,
    "/cms/settings",
    "cms-community-safety",
    async (page) => {
      const card = page.getByText("Community safety", { exact: true }).first();
      await card.scrollIntoViewIfNeeded();
      await expect(page.getByLabel("Blocked words")).toHaveValue("bad");
      await page.getByLabel("Blocked words").scrollIntoViewIfNeeded();
    },
    true,
  );
});

test("School mode: after the confirmation, chat off, profiles private, registration by invite code", async ({
  browser,
}) => {
  const existing = await open(browser);
  const pupil = await registerPlayer(existing.context().request, "pupil");
  expect((await (await existing.request.get("/api/me/settings")).json()).profileVisibility).toBe("public");

  const admin = await open(browser, { admin: true });
  const errors = watchConsole(admin);
  await admin.goto("/cms/settings");
  await admin.getByRole("button", { name: "School mode" }).click();
  const dialog = admin.getByRole("alertdialog");
  await expect(dialog).toContainText("every player's profile becomes private, existing players included");
  await dialog.getByRole("button", { name: "Turn On School Mode" }).click();
  await expect(admin.getByText("School mode is on", { exact: true }).first()).toBeVisible();
  await expect(admin.getByRole("switch", { name: "Public chat" })).toHaveAttribute("aria-checked", "false");
  await expect(admin.getByRole("checkbox", { name: "Allow direct messages" })).not.toBeChecked();
  const inviteCode = await admin.getByLabel("Invite code", { exact: true }).inputValue();
  expect(inviteCode).toMatch(/^[a-z0-9]{10}$/);
  expect(errors).toEqual([]);
  // the card, with every part showing, has no serious accessibility problem (WCAG A/AA)
  await transitionsEnded(admin);
  expect(seriousOrCritical(await axeViolations(admin, { tags: WCAG_A_AA }), "/cms/settings")).toEqual([]);

  // the existing player: the home chat says it is off, and their profile is private now
  await existing.goto("/");
  await expect(existing.getByText("Chat is turned off on this site")).toBeVisible();
  await expect(existing.getByRole("textbox", { name: "Chat message" })).toHaveCount(0);
  expect((await (await existing.request.get("/api/me/settings")).json()).profileVisibility).toBe("private");
  expect(pupil.username).toBeTruthy();

  // a newcomer needs the invite code
  const visitor = await open(browser);
  await visitor.goto("/login?tab=register");
  const form = visitor.getByRole("form", { name: "Register" });
  const username = uniqueName("new");
  await form.getByLabel("Username", { exact: true }).fill(username);
  await form.getByLabel("Password", { exact: true }).fill("e2e-player-password");
  expect(
    seriousOrCritical(await axeViolations(visitor, { tags: WCAG_A_AA }), "/login?tab=register (invite-only)"),
  ).toEqual([]);
  await form.getByLabel("Invite code", { exact: true }).fill("not-the-code");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(form.getByText("This invite code is not valid")).toBeVisible();
  await form.getByLabel("Invite code", { exact: true }).fill(inviteCode);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(visitor).not.toHaveURL(/\/login/);
  expect((await (await visitor.request.get("/api/me/settings")).json()).profileVisibility).toBe("private");

  await shoot(browser, "/login?tab=register", "register-invite-code", async (page) => {
    await expect(page.getByRole("form", { name: "Register" }).getByLabel("Invite code", { exact: true })).toBeVisible();
  });
  await shoot(
    browser,
    "/cms/settings",
    "cms-community-safety-school-mode",
    async (page) => {
      await page.getByRole("button", { name: "School mode" }).scrollIntoViewIfNeeded();
      await expect(page.getByLabel("Invite code", { exact: true })).toHaveValue(inviteCode);
    },
    true,
  );
});
