import crypto from "node:crypto";
import { expect, scrollToChat, test } from "./fixtures";
import { createScratchDatabase, spawnServer } from "./server";

/**
 * Scale-out (D8): two server processes on one PostgreSQL database. A page served by
 * process B shows, live, a message posted through process A. Needs TEST_DATABASE_URL (an
 * administrative connection; a fresh database is created and dropped).
 */

type Proc = { url: string; stop(): Promise<void> };

function startProcess(databaseUrl: string): Promise<Proc> {
  return spawnServer({
    publicHost: "localhost",
    databaseUrl,
    tempPrefix: "arcadium-e2e-scale-",
    sourceMaps: false,
    env: { NODE_ENV: "production", LOG_LEVEL: "warn" },
  });
}

test.describe("chat across two server processes (D8, issue 6)", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL (PostgreSQL)");
  test.describe.configure({ mode: "serial" });

  let a: Proc;
  let b: Proc;
  let db: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    db = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "arcadium_e2e");
    // The first process migrates and seeds; the second starts on the ready database (both would be safe at once: D8 advisory lock).
    a = await startProcess(db.url);
    b = await startProcess(db.url);
  });
  test.afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  test("a page on process B shows, within 2 s, a message posted through process A", async ({ signIn }) => {
    // Registered through process A. Cookies are per host, not per port: one session (stored in the
    // shared database) works on both.
    const { context } = await signIn.player({ baseURL: a.url, prefix: "scale" });

    const page = await context.newPage();
    await page.goto(`${b.url}/`);
    const log = page.getByRole("log", { name: "Chat messages" });
    await expect(log).toBeVisible({ timeout: 10_000 });
    await scrollToChat(page);
    await expect(page.locator('[data-live="open"]')).toBeVisible({ timeout: 10_000 });

    const text = `through A ${crypto.randomBytes(3).toString("hex")}`;
    const posted = await context.request.post(`${a.url}/api/chat`, { data: { message: text } });
    expect(posted.status()).toBe(201);
    await expect(log.getByText(text)).toBeVisible({ timeout: 2000 });
    await expect(log.getByText(text)).toHaveCount(1);

    // And the other way: typed on B's page, read through A's API.
    const reply = `typed on B ${crypto.randomBytes(3).toString("hex")}`;
    await page.getByRole("textbox", { name: "Chat message" }).fill(reply);
    await page.getByRole("textbox", { name: "Chat message" }).press("Enter");
    await expect(page.getByRole("textbox", { name: "Chat message" })).toHaveValue("");
    const onA = (await (await context.request.get(`${a.url}/api/chat`)).json()) as Array<{ message: string }>;
    expect(onA.map((m) => m.message)).toContain(reply);
  });
});
