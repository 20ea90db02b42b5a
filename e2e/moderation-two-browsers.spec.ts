import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { REPORT_SENT } from "../src/contract/reports-constants";
import {
  acceptCookies,
  expect,
  registerWithVerifiedEmail,
  scrollToChat,
  signInAdmin,
  test,
  toast,
  waitForHydrationAfterNavigation,
  watchConsole,
  type ServerWithLog,
} from "./fixtures";

/**
 * A moderator and a muted player in two browsers (D97): a player chats on the home page while a
 * moderator, made by the admin through the API, works in another browser at the same time. The moderator mutes the
 * player from the reports queue: the player's next message is refused with "You are muted until … UTC" on the page
 * they have open, without a reload. The moderator then deletes one of the player's messages from the home page's
 * chat: it disappears from the player's page live. On the admin journey's own server (`adminServer`: the one-time
 * codes are printed to its log). No fixed waits: every step waits for what the person would see.
 */
test.use({ baseURL: async ({ adminServer }, use) => use(adminServer.url) });

const chatLog = (page: Page) => page.getByRole("log", { name: "Chat messages" });

/** Registers a player with a verified email (D11) through `request` (its context is then signed in as them). */
const register = (request: APIRequestContext, prefix: string, server: ServerWithLog) =>
  registerWithVerifiedEmail(request, server, prefix);

/** A new page of `context` on the home page, once its chat is live (D37). */
async function openChat(context: BrowserContext): Promise<Page> {
  const page = waitForHydrationAfterNavigation(await context.newPage());
  await page.goto("/");
  await expect(chatLog(page)).toBeVisible({ timeout: 10_000 });
  await scrollToChat(page);
  await expect(page.locator('[data-live="open"]')).toBeVisible({ timeout: 10_000 });
  return page;
}

/** Sends `text` from the chat's input; returns its message id once the sender's own list shows it. */
async function say(page: Page, text: string): Promise<number> {
  const input = page.getByRole("textbox", { name: "Chat message" });
  await input.fill(text);
  await input.press("Enter");
  await expect(input).toHaveValue("");
  const row = chatLog(page).locator("[data-message-id]").filter({ hasText: text });
  await expect(row).toHaveCount(1);
  return Number(await row.getAttribute("data-message-id"));
}

test("a moderator mutes a chatting player from the reports queue and deletes their message, seen live in the player's browser (D96, D97)", async ({
  adminServer,
  adminState,
  browser,
  playwright,
}) => {
  // Three registrations (password hashes at the production cost, D12), a code sign-in and two live browsers.
  test.slow();
  const url = adminServer.url;
  const adminRequest = await playwright.request.newContext({ baseURL: url, storageState: adminState });
  const reporterRequest = await playwright.request.newContext({ baseURL: url });
  const playerContext = await browser.newContext({ baseURL: url });
  const modContext = await browser.newContext({ baseURL: url });
  try {
    await Promise.all([acceptCookies(playerContext), acceptCookies(modContext)]);
    const [player, mod, reporter] = await Promise.all([
      register(playerContext.request, "muted", adminServer),
      register(modContext.request, "mod", adminServer),
      register(reporterRequest, "reporter", adminServer),
    ]);

    // The admin gives the moderator role through the API; the moderator signs in with the emailed code (D42).
    const promoted = await adminRequest.patch(`/api/admin/users/${mod.id}`, { data: { role: "moderator" } });
    expect(promoted.status(), await promoted.text()).toBe(200);
    await signInAdmin(modContext.request, adminServer, mod.email);

    // Both browsers open at once: the player on the home page's chat, the moderator on the reports queue.
    const playerPage = await openChat(playerContext);
    const playerErrors = watchConsole(playerPage);
    const modPage = waitForHydrationAfterNavigation(await modContext.newPage());
    const modErrors = watchConsole(modPage, /\/api\/admin\/user$/);

    const stamp = Date.now().toString(36);
    const reported = `buy cheap coins ${stamp}`;
    const later = `anyone up for a game ${stamp}`;
    const reportedId = await say(playerPage, reported);
    const laterId = await say(playerPage, later);

    // Another player reports the first message (D97).
    const sent = await reporterRequest.post("/api/reports", {
      data: { kind: "chat", targetId: reportedId, reason: "spam" },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    expect(((await sent.json()) as { message: string }).message).toBe(REPORT_SENT);

    // The moderator mutes the author from the queue.
    await modPage.goto("/cms/reports");
    await expect(modPage).toHaveURL("/cms/reports");
    const item = modPage.getByRole("article", { name: `Chat message by ${player.username}` });
    await expect(item).toContainText(reported);
    await expect(item).toContainText(reporter.username);
    await item.getByRole("button", { name: "Mute author" }).click();
    const dialog = modPage.getByRole("alertdialog");
    await expect(dialog).toContainText(`Mute ${player.username}?`);
    const muted = modPage.waitForResponse(
      (r) => r.request().method() === "POST" && /\/api\/admin\/reports\//.test(r.url()),
    );
    await dialog.getByRole("button", { name: "Mute author" }).click();
    expect((await muted).status()).toBe(200);
    await expect(toast(modPage, `${player.username} is muted until`)).toBeVisible();
    await expect(item).toHaveCount(0);

    // The player, on the page they already have open, is told at their next message, with the end time in UTC
    // (the first step of D96's ladder: 10 minutes); the text stays in the input and is not sent.
    const input = playerPage.getByRole("textbox", { name: "Chat message" });
    const blocked = `am I still here ${stamp}`;
    await input.fill(blocked);
    const refused = playerPage.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/chat"));
    await input.press("Enter");
    expect((await refused).status()).toBe(403);
    const alert = playerPage.getByRole("alert").filter({ hasText: "You are muted until" });
    await expect(alert).toHaveText(/^You are muted until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    const [, day, time] = (await alert.textContent())!.match(/until (\S+) (\S+) UTC/)!;
    const minutesLeft = (Date.parse(`${day}T${time}:00Z`) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(7);
    expect(minutesLeft).toBeLessThanOrEqual(10);
    await expect(input).toHaveValue(blocked);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(chatLog(playerPage).getByText(blocked)).toHaveCount(0);

    // The moderator deletes the player's other message from the home page's chat; it disappears from the player's
    // page without a reload, and the player's first message (the reported one) is still there.
    const modChat = await openChat(modContext);
    const modErrorsOnChat = watchConsole(modChat);
    const target = chatLog(modChat).locator(`[data-message-id="${laterId}"]`);
    await expect(target).toContainText(later);
    const deleted = modChat.waitForResponse(
      (r) => r.request().method() === "DELETE" && r.url().endsWith(`/api/admin/chat/${laterId}`),
    );
    await target.getByRole("button", { name: `Delete message from ${player.username}` }).click();
    expect((await deleted).status()).toBe(204);
    await expect(chatLog(playerPage).locator(`[data-message-id="${laterId}"]`)).toHaveCount(0);
    await expect(chatLog(playerPage).getByText(later)).toHaveCount(0);
    await expect(chatLog(playerPage).getByText(reported)).toBeVisible();
    await expect(target).toHaveCount(0);

    // Chromium logs the refused send (403); nothing else went wrong in either browser.
    expect(playerErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    expect([...modErrors, ...modErrorsOnChat]).toEqual([]);
  } finally {
    await Promise.all([playerContext.close(), modContext.close(), adminRequest.dispose(), reporterRequest.dispose()]);
  }
});
