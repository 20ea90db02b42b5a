import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { axeViolations, expect, scrollToChat, test, watchConsole } from "./fixtures";
import { freePort, spawnServer, templateDir } from "./server";

/**
 * Live public chat, end to end. This file runs its own server process because one test
 * restarts it (NODE_ENV=development; LOG_LEVEL=info so that the admin's one-time code can be
 * read from its log by the `signIn.admin` fixture, D42).
 */

type Server = { url: string; stop(): Promise<void>; logs(): string };

/** Starts dist/server/main.js on a fixed port and data folder, so that a restart keeps both (the first start: fromDataDir, a template). */
function launch(opts: {
  port: number;
  gamesPort: number;
  dataDir: string;
  fromDataDir?: string;
  env?: Record<string, string>;
}): Promise<Server> {
  return spawnServer({
    ...opts,
    publicHost: "localhost",
    env: { NODE_ENV: "development", LOG_LEVEL: "info", ...opts.env },
  });
}

const chatLog = (page: Page) => page.getByRole("log", { name: "Chat messages" });

/** Opens the home page and waits for the chat's live connection. */
async function openChat(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const said: string[] = [];
  page.on("console", (message) => message.type() !== "log" && said.push(`${message.type()}: ${message.text()}`));
  page.on("requestfailed", (request) => said.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  await page.goto("/");
  await expect(chatLog(page)).toBeVisible({ timeout: 10_000 });
  await scrollToChat(page);
  // On failure, the state the panel was left in and what the page logged tell a slow chunk from a lost socket.
  try {
    await expect(page.locator("[data-live]")).toHaveAttribute("data-live", "open", { timeout: 15_000 });
  } catch (error) {
    throw new Error(`${(error as Error).message}\nThe page said: ${said.join(" | ") || "nothing"}`, { cause: error });
  }
  return page;
}

async function say(page: Page, text: string) {
  const input = page.getByRole("textbox", { name: "Chat message" });
  await input.fill(text);
  await input.press("Enter");
}

/**
 * What a browser logs while the server restarts: refused connections, connections reset or closed without
 * an answer as the old process exits, failed WebSocket handshakes, and the 503 that Fastify answers
 * (return503OnClosing) to requests arriving on kept-alive connections while it closes.
 */
const isRestartNoise = (e: string) =>
  /WebSocket connection to .* failed/i.test(e) ||
  /ERR_CONNECTION_(REFUSED|RESET|CLOSED)|ERR_EMPTY_RESPONSE/.test(e) ||
  /status of 503 \(Service Unavailable\)/.test(e);

test.describe("live chat (issue 6, D35–D37)", () => {
  test.describe.configure({ mode: "serial" });
  let server: Server;
  let port: number;
  let gamesPort: number;
  let dataDir: string;

  test.beforeAll(async () => {
    // the hook has the test's 30 s; a server's first start on a busy machine can take longer
    test.setTimeout(120_000);
    port = await freePort();
    gamesPort = await freePort();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-e2e-chat-"));
    server = await launch({ port, gamesPort, dataDir, fromDataDir: templateDir("demo") });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  test("a signed-out visitor reads along and is offered 'Sign in to chat' (D35)", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url });
    await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "all"));
    const page = await openChat(context);
    await expect(page.getByText("Sign in to chat")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Chat message" })).toHaveCount(0);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login/);
    await context.close();
  });

  test("a message sent in one browser appears in the other within 2 s; an admin deletion disappears from both", async ({
    signIn,
  }) => {
    // Two registrations (password hashes at the production cost, D12), an admin sign-in and three live pages.
    test.slow();
    const alice = await signIn.player({ baseURL: server.url, prefix: "alice" });
    const bob = await signIn.player({ baseURL: server.url, prefix: "bob" });
    const admin = await signIn.admin(server);
    const pageA = await openChat(alice.context);
    const pageB = await openChat(bob.context);
    const pageAdmin = await openChat(admin);
    const watched = [pageA, pageB, pageAdmin].map((p) => watchConsole(p));

    // Whitespace is never sent.
    await say(pageA, "   ");
    await expect(pageA.getByRole("textbox", { name: "Chat message" })).toHaveValue("   ");

    const text = `Hello from ${alice.username}`;
    await say(pageA, text);
    await expect(pageA.getByRole("textbox", { name: "Chat message" })).toHaveValue("");
    // In the other browser, without reload, within 2 s.
    await expect(chatLog(pageB).getByText(text)).toBeVisible({ timeout: 2000 });
    await expect(chatLog(pageB).getByText(alice.username, { exact: true }).first()).toBeVisible();
    await expect(
      chatLog(pageB)
        .getByText(/^\d{1,2}:\d{2} (AM|PM)$/)
        .first(),
    ).toBeVisible();
    await expect(chatLog(pageA).getByText(text)).toHaveCount(1);

    // The reply goes the other way.
    const reply = `Hi ${alice.username}, ${bob.username} here`;
    await say(pageB, reply);
    await expect(chatLog(pageA).getByText(reply)).toBeVisible({ timeout: 2000 });

    // The list is kept scrolled to the bottom and never taller than 350 px (spec §2).
    const box = await chatLog(pageB).boundingBox();
    expect(box!.height).toBeLessThanOrEqual(350);
    const atBottom = await chatLog(pageB).evaluate(
      (el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) < 2,
    );
    expect(atBottom).toBe(true);

    // The admin deletes Alice's message: it disappears from both players' pages.
    await expect(chatLog(pageAdmin).getByText(text)).toBeVisible({ timeout: 2000 });
    await pageAdmin
      .getByRole("button", { name: `Delete message from ${alice.username}` })
      .first()
      .click();
    await expect(chatLog(pageA).getByText(text)).toHaveCount(0, { timeout: 2000 });
    await expect(chatLog(pageB).getByText(text)).toHaveCount(0, { timeout: 2000 });
    await expect(chatLog(pageA).getByText(reply)).toBeVisible();
    // And it stays gone after a reload.
    await pageB.reload();
    await scrollToChat(pageB);
    await expect(chatLog(pageB).getByText(reply)).toBeVisible();
    await expect(chatLog(pageB).getByText(text)).toHaveCount(0);

    const a11y = await axeViolations(pageA, { include: "[data-live]" });
    expect(a11y.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(watched.flat()).toEqual([]);
  });

  test("a burst from one player: five messages arrive, the sixth tells the player to slow down (D36)", async ({
    signIn,
  }) => {
    // Two registrations (password hashes at the production cost, D12) and two live pages.
    test.slow();
    const carol = await signIn.player({ baseURL: server.url, prefix: "carol" });
    const dave = await signIn.player({ baseURL: server.url, prefix: "dave" });
    const pageC = await openChat(carol.context);
    const pageD = await openChat(dave.context);
    const tag = crypto.randomBytes(3).toString("hex");
    // Four quickly through the API (the same session), so the burst fits the 10 s window on a slow machine;
    // the fifth and sixth through the widget.
    for (let i = 1; i <= 4; i++) {
      expect((await carol.context.request.post("/api/chat", { data: { message: `burst ${tag} ${i}` } })).status()).toBe(
        201,
      );
    }
    await say(pageC, `burst ${tag} 5`);
    await expect(pageC.getByRole("textbox", { name: "Chat message" })).toHaveValue("");
    await say(pageC, `burst ${tag} 6`);
    await expect(pageC.getByText("Slow down", { exact: true }).first()).toBeVisible();
    await expect(pageC.getByRole("textbox", { name: "Chat message" })).toHaveValue(`burst ${tag} 6`);
    await expect(chatLog(pageD).getByText(`burst ${tag} 5`)).toBeVisible({ timeout: 2000 });
    await expect(chatLog(pageD).getByText(new RegExp(`^burst ${tag} \\d$`))).toHaveCount(5);
  });

  test("after a server restart the page reconnects and shows the messages sent while it was away (D37)", async ({
    signIn,
  }) => {
    test.setTimeout(150_000);
    const erin = await signIn.player({ baseURL: server.url, prefix: "erin" });
    const frank = await signIn.player({ baseURL: server.url, prefix: "frank" });
    const pageE = await openChat(erin.context);
    const errors = watchConsole(pageE);
    // The page's parts that hydrate on their own (the header's menus, the toasts) load their chunks after the
    // screen: a server stopped before they arrive leaves them unhydratable (React #418), which is not what this
    // test is about. A person reading the chat has the whole page.
    await pageE.waitForLoadState("networkidle");

    await server.stop();
    await expect(pageE.getByText("Reconnecting to chat…")).toBeVisible({ timeout: 20_000 });
    server = await launch({ port, gamesPort, dataDir });

    // Frank's message is sent before Erin's page is back (its backoff is at least a second).
    const text = `sent while away ${crypto.randomBytes(3).toString("hex")}`;
    const res = await frank.context.request.post("/api/chat", { data: { message: text } });
    expect(res.status()).toBe(201);

    await expect(pageE.locator('[data-live="open"]')).toBeVisible({ timeout: 60_000 });
    await expect(chatLog(pageE).getByText(text)).toBeVisible({ timeout: 15_000 });
    // Live again after the reconnect.
    const after = `after restart ${crypto.randomBytes(3).toString("hex")}`;
    await frank.context.request.post("/api/chat", { data: { message: after } });
    // (Delivery within 2 s is checked by the two-player test; here the machine may still be busy restarting.)
    await expect(chatLog(pageE).getByText(after)).toBeVisible({ timeout: 10_000 });
    // While the server was down the browser may log refused connections; nothing else.
    expect(errors.filter((e) => !isRestartNoise(e))).toEqual([]);
  });
});
