import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "./fixtures";
import { freePort, repoRoot } from "./server";

/**
 * Issue 6 scale-out (D8): two server processes on one PostgreSQL database. A page served by
 * process B shows, live, a message posted through process A. Needs TEST_DATABASE_URL (an
 * administrative connection; a fresh database is created and dropped).
 */

type Proc = { url: string; stop(): Promise<void> };

async function startProcess(databaseUrl: string): Promise<Proc> {
  const port = await freePort();
  const gamesPort = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-e2e-scale-"));
  const url = `http://localhost:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, "dist", "server", "main.js")], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      GAMES_PORT: String(gamesPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      GAMES_URL: `http://127.0.0.1:${gamesPort}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      ARCADIUM_BANNER: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

test.describe("chat across two server processes (D8, issue 6)", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL (PostgreSQL)");
  test.describe.configure({ mode: "serial" });

  let a: Proc;
  let b: Proc;
  let dbName: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const adminUrl = process.env.TEST_DATABASE_URL!;
    dbName = `arcadium_e2e_${crypto.randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    // The first process migrates and seeds; the second starts on the ready database (both would be safe at once: D8 advisory lock).
    a = await startProcess(url.toString());
    b = await startProcess(url.toString());
  });
  test.afterAll(async () => {
    await a?.stop();
    await b?.stop();
    if (dbName) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  test("a page on process B shows, within 2 s, a message posted through process A", async ({ browser }) => {
    // Cookies are per host, not per port: one session (stored in the shared database) works on both.
    const context = await browser.newContext({ baseURL: b.url });
    await context.addInitScript(() => window.localStorage.setItem("cookieConsent", "all"));
    const username = `scale_${crypto.randomBytes(4).toString("hex")}`;
    const reg = await context.request.post(`${a.url}/api/auth/register`, { data: { username, password: "scale-e2e-password" } });
    expect(reg.status()).toBe(201);

    const page = await context.newPage();
    await page.goto("/");
    const log = page.getByRole("log", { name: "Chat messages" });
    await expect(log).toBeVisible({ timeout: 10_000 });
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
    await context.close();
  });
});
