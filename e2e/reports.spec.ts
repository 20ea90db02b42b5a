import type { BrowserContext, Page } from "@playwright/test";
import { REPORT_REASON_LABELS, REPORT_SENT } from "../src/contract/reports-constants";
import { expect, scrollToChat, test, toast, watchConsole, type Player } from "./fixtures";

/**
 * Reports (D97) end to end with two players: B reports A's chat message and A's direct message from the
 * page where B reads them, and the server takes both reports (201). B's own message offers no report.
 */

type Signed = Player & { context: BrowserContext };

async function post(p: Signed, url: string, data: unknown, status = 201) {
  const res = await p.context.request.post(url, { data });
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as { id: number };
}

/** Presses `button`, picks `reason` (and writes `text`) in the dialog titled `title`, sends, and returns the POST's answer. */
async function report(
  page: Page,
  button: ReturnType<Page["getByRole"]>,
  title: string,
  reason: keyof typeof REPORT_REASON_LABELS,
  text?: string,
) {
  await button.click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: REPORT_REASON_LABELS[reason] }).check();
  if (text) await dialog.getByRole("textbox", { name: /Anything else the moderators should know\?/ }).fill(text);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/reports") && r.request().method() === "POST");
  await dialog.getByRole("button", { name: "Send report" }).click();
  const res = await answer;
  await expect(dialog).toBeHidden();
  await expect(toast(page, REPORT_SENT)).toBeVisible();
  return { status: res.status(), body: res.request().postDataJSON() as unknown };
}

test.describe("reports (issue 17, D97)", () => {
  test("a player reports another's chat message and direct message from the UI", async ({ signIn }) => {
    test.setTimeout(90_000);
    const a = await signIn.player({ prefix: "rpa" });
    const b = await signIn.player({ prefix: "rpb" });

    // D88: direct messages are between friends: A asks, B accepts.
    await post(a, `/api/friends/${b.id}`, {});
    const accepted = await b.context.request.post(`/api/friends/${a.id}`, { data: {} });
    expect([200, 201], await accepted.text()).toContain(accepted.status());

    const stamp = Date.now();
    const chat = await post(a, "/api/chat", { message: `rude words ${stamp}` });
    await post(b, "/api/chat", { message: `my own words ${stamp}` });
    const dm = await post(a, `/api/messages/${b.id}`, { body: `unwanted offer ${stamp}` });

    const page = await b.context.newPage();
    const errors = watchConsole(page);

    // Chat on the home page: a flag on A's message, none on B's own.
    await page.goto("/");
    await scrollToChat(page);
    const log = page.getByRole("log", { name: "Chat messages" });
    const theirs = log.locator(`[data-message-id="${chat.id}"]`);
    await expect(theirs).toContainText(`rude words ${stamp}`);
    await expect(log.getByText(`my own words ${stamp}`)).toBeVisible();
    const flag = theirs.getByRole("button", { name: `Report message from ${a.username}` });
    await expect(flag).toBeAttached();
    await expect(
      log
        .locator("[data-message-id]")
        .filter({ hasText: `my own words ${stamp}` })
        .getByRole("button", { name: /^Report/ }),
    ).toHaveCount(0);
    const sentChat = await report(page, flag, "Report chat message", "harassment", "keeps insulting players");
    expect(sentChat.status).toBe(201);
    expect(sentChat.body).toEqual({
      kind: "chat",
      targetId: chat.id,
      reason: "harassment",
      text: "keeps insulting players",
    });

    // The direct message, in B's conversation with A.
    await page.goto(`/messages/${a.id}`);
    const thread = page.getByRole("log", { name: "Messages" });
    const message = thread.locator(`[data-message-id="${dm.id}"]`);
    await expect(message).toContainText(`unwanted offer ${stamp}`);
    const sentDm = await report(
      page,
      message.getByRole("button", { name: `Report message from ${a.username}` }),
      "Report direct message",
      "spam",
    );
    expect(sentDm.status).toBe(201);
    expect(sentDm.body).toEqual({ kind: "message", targetId: dm.id, reason: "spam" });

    expect(errors).toEqual([]);
  });
});
