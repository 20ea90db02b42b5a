import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Database } from "../../server/db/client";
import { createSession } from "../../server/services/sessions";
import { insertUser } from "../factories";
import { enrolTestTwoStep } from "../test-app";
import { createScratchPostgres, ensureServerBuilt, startBuiltServer, type ServerProcess } from "./server-process";

/**
 * ADR 008: two BUILT server processes (node dist/server/main.js) on one
 * PostgreSQL database, each with its own cache of public reads. A change made through one is served
 * by the other within one second: an administrator's edit of a game, a new category, a play.
 */

const hasPostgres = !!process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every 20 ms; returns how long it took to hold, or throws after `withinMs`. */
async function msUntil(probe: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not served within ${withinMs} ms`);
    await sleep(20);
  }
}

describe.skipIf(!hasPostgres)("cached reads across two server processes (PostgreSQL, needs TEST_DATABASE_URL)", () => {
  let pg: Awaited<ReturnType<typeof createScratchPostgres>>;
  let database: Database;
  const dirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let cookie: string;
  const twoStepKey = crypto.randomBytes(32).toString("base64");

  const start = async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-cache-"));
    dirs.push(dataDir);
    // ADR 020: both processes seal two-step secrets with one key (each has its own DATA_DIR here)
    return startBuiltServer({ dataDir, databaseUrl: pg.url, env: { LOG_LEVEL: "warn", TWO_STEP_KEY: twoStepKey } });
  };
  const getJson = async (server: ServerProcess, url: string) => {
    const res = await fetch(`${server.url}${url}`);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return res.json();
  };
  const write = (server: ServerProcess, method: string, url: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { cookie, origin: server.url, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    await ensureServerBuilt();
    pg = await createScratchPostgres();
    a = await start(); // migrates and seeds
    b = await start();
    database = await createDb({ kind: "postgres", url: pg.url, max: 2 });
    const admin = await insertUser(database.db, { username: "cache_admin", role: "admin" });
    // D106: an admin has two-step sign-in
    await enrolTestTwoStep(database.db, { value: twoStepKey }, admin.id);
    const { token } = await createSession(database.db, admin.id, "admin");
    cookie = `sid=${token}`;
  }, 180_000);

  afterAll(async () => {
    for (const s of [a, b]) if (s && s.child.exitCode === null && s.child.signalCode === null) s.kill("SIGKILL");
    await database?.close();
    await pg?.drop();
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  it("an admin's edit on A is served by B within one second (B had it cached)", async () => {
    const [game] = (await getJson(b, "/api/games?limit=1")) as Array<{ id: number; title: string }>;
    // B caches the game and the first page; a second read on B is a hit with the same ETag.
    await getJson(b, `/api/games/${game.id}`);
    const etag = (await fetch(`${b.url}/api/games/${game.id}`)).headers.get("etag");
    expect((await fetch(`${b.url}/api/games/${game.id}`, { headers: { "if-none-match": etag! } })).status).toBe(304);

    const edit = await write(a, "PATCH", `/api/admin/games/${game.id}`, { title: "Edited On A" });
    expect(edit.status).toBe(200);
    const took = await msUntil(async () => (await getJson(b, `/api/games/${game.id}`)).title === "Edited On A", 1000);
    expect(took).toBeLessThanOrEqual(1000);
    await msUntil(
      async () => ((await getJson(b, "/api/games?limit=1")) as Array<{ title: string }>)[0].title === "Edited On A",
      1000,
    );
    // The ETag from before the edit does not match on B.
    expect((await fetch(`${b.url}/api/games/${game.id}`, { headers: { "if-none-match": etag! } })).status).toBe(200);
  });

  it("a category added on B is listed by A within one second", async () => {
    const before = (await getJson(a, "/api/categories")) as unknown[];
    const created = await write(b, "POST", "/api/admin/categories", {
      name: "Across Processes",
      slug: "across-processes",
    });
    expect(created.status).toBe(201);
    await msUntil(async () => ((await getJson(a, "/api/categories")) as unknown[]).length === before.length + 1, 1000);
  });

  it("a play on A reaches B's play count within one second", async () => {
    const [game] = (await getJson(b, "/api/games?sort=popular&limit=1")) as Array<{ id: number; plays: number }>;
    await getJson(b, `/api/games/${game.id}`);
    const play = await fetch(`${a.url}/api/games/${game.id}/play`, { method: "POST", headers: { origin: a.url } });
    expect(play.status).toBe(200);
    await msUntil(async () => (await getJson(b, `/api/games/${game.id}`)).plays === game.plays + 1, 1000);
  });
});
