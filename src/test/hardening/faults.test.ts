import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { createDb } from "../../server/db/client";
import { UNAVAILABLE_MESSAGE } from "../../server/plugins/errors";
import { LISTENER_APPLICATION_NAME } from "../../server/services/pg-listener";
import { createUserWithSession, repoRoot, TEST_PASSWORD_HASH_COST } from "../test-app";
import { buildZip, listFiles } from "../uploads";
import { buildHardenedApp, describeHardened, type HardenedApp } from "./harness";

/**
 * Faults: readiness follows the database; on PostgreSQL the server survives terminated
 * connections (a database restart) and serves again by itself; a killed upload leaves no partial
 * game behind.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// /healthz and /readyz
// ---------------------------------------------------------------------------------------------

describeHardened("health and readiness", (t) => {
  it("/healthz says the process is alive and /readyz that the database answers", async () => {
    const health = await t().site.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    const ready = await t().site.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok" });
  });
});

describe("readiness without a database", () => {
  it("PostgreSQL at an unreachable address: /readyz is 503 (D60 body), /healthz still 200, API calls 503 with Retry-After", async () => {
    const database = await createDb({
      kind: "postgres",
      url: "postgres://postgres@127.0.0.1:1/arcadium_nowhere",
      max: 2,
    });
    const config = loadConfig(
      {
        NODE_ENV: "test",
        DATA_DIR: path.join(repoRoot, "node_modules", ".cache", "arcadium-readyz"),
        LOG_LEVEL: "silent",
        DATABASE_URL: "postgres://postgres@127.0.0.1:1/arcadium_nowhere",
      },
      repoRoot,
    );
    const app = await buildApp({
      config,
      database,
      settings: { passwordHashCost: TEST_PASSWORD_HASH_COST },
      verifySerialisation: true,
    });
    await app.ready();
    try {
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: "Database unavailable" });
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      const games = await app.inject({ method: "GET", url: "/api/games" });
      expect(games.statusCode).toBe(503);
      expect(games.headers["retry-after"]).toBe("5");
      expect(games.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
    } finally {
      await app.close();
      await database.close();
      await fs.rm(config.dataDir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// PostgreSQL restarts
// ---------------------------------------------------------------------------------------------

const pgOnly = describe.skipIf(!process.env.TEST_DATABASE_URL);

pgOnly("PostgreSQL goes away and comes back [postgres]", () => {
  let h: HardenedApp;
  let dbName: string;
  let admin: import("pg").Client;

  beforeAll(async () => {
    h = await buildHardenedApp("postgres", { logLevel: "warn" });
    dbName = new URL(h.config.databaseUrl!).pathname.slice(1);
    const { default: pg } = await import("pg");
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${dbName} allow_connections true`).catch(() => {});
    await admin?.end();
    await h?.close();
  });

  const terminateAll = () =>
    admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [dbName],
    );

  it("while the database refuses connections /readyz is 503; once it is back, the same process serves again", async () => {
    expect((await h.site.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    await admin.query(`alter database ${dbName} allow_connections false`);
    await terminateAll();
    await sleep(100);
    const down = await h.site.inject({ method: "GET", url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: "Database unavailable" });
    const games = await h.site.inject({ method: "GET", url: "/api/games" });
    expect(games.statusCode).toBe(503);
    expect(games.json()).toEqual({ message: UNAVAILABLE_MESSAGE });

    await admin.query(`alter database ${dbName} allow_connections true`);
    expect((await h.site.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    expect((await h.site.inject({ method: "GET", url: "/api/games" })).statusCode).toBe(200);
    // The LISTEN connection (chat, cached reads) comes back by itself too (D8).
    let listeners = 0;
    for (let i = 0; i < 100 && listeners === 0; i++) {
      await sleep(100);
      listeners = Number(
        (
          await admin.query(
            "select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2",
            [dbName, LISTENER_APPLICATION_NAME],
          )
        ).rows[0].n,
      );
    }
    expect(listeners).toBeGreaterThan(0);
  });

  it("every connection terminated during traffic: requests after that succeed without restarting the server", async () => {
    const player = await createUserWithSession(h);
    const results: Array<{ start: number; end: number; status: number; url: string }> = [];
    const until = Date.now() + 3_000;
    let terminatedAt = Number.POSITIVE_INFINITY;
    const urls = ["/api/games?sort=popular", "/api/leaderboard", "/api/chat", "/api/games/1", "/readyz"];
    async function visitor(i: number) {
      let n = i;
      while (Date.now() < until) {
        const start = Date.now();
        const play = n % 3 === 0;
        const url = play ? "/api/games/1/play" : urls[n++ % urls.length];
        const res = await h.site.inject({ method: play ? "POST" : "GET", url, cookies: player.cookies });
        if (play) n++;
        results.push({ start, end: Date.now(), status: res.statusCode, url });
      }
    }
    const traffic = Promise.all(Array.from({ length: 8 }, (_, i) => visitor(i)));
    await sleep(1_000);
    terminatedAt = Date.now();
    const killed = await terminateAll();
    expect(killed.rowCount).toBeGreaterThan(0);
    await traffic;

    // Before: answered before the backends were killed. After: started half a second later.
    // During: in flight at the moment of the kill (their query may die with its connection).
    const before = results.filter((r) => r.end < terminatedAt);
    const after = results.filter((r) => r.start >= terminatedAt + 500);
    const during = results.filter((r) => r.end >= terminatedAt && r.start < terminatedAt + 500);
    expect(before.every((r) => r.status < 500)).toBe(true);
    expect(after.length).toBeGreaterThan(20);
    const failedAfter = after.filter((r) => r.status >= 500);
    expect(failedAfter, `failed after the restart: ${JSON.stringify(failedAfter.slice(0, 5))}`).toEqual([]);
    // Requests caught at the moment of the restart may fail (the query died with its connection), but only a few.
    expect(during.filter((r) => r.status >= 500).length).toBeLessThanOrEqual(8);
    expect((await h.site.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    // No connection is left checked out for ever (a leaked client would end up exhausting the pool).
    const pool = h.database.pool!;
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(pool.waitingCount).toBe(0);
  });

  it("transactions started on connections that have just been killed fail cleanly and give their connection back", async () => {
    const pool = h.database.pool!;
    for (let round = 0; round < 5; round++) {
      // Fill the pool with idle connections, kill them all, and at once start transactions on them.
      await Promise.all(Array.from({ length: 5 }, () => h.database.db.execute(sql`select pg_sleep(0.01)`)));
      await terminateAll();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, () => h.database.db.transaction(async (tx) => tx.execute(sql`select 1`))),
      );
      expect(outcomes.length).toBe(8);
      await sleep(50);
      expect(pool.totalCount - pool.idleCount, `round ${round}`).toBe(0);
    }
    expect((await h.site.inject({ method: "GET", url: "/api/games/1" })).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// A killed upload
// ---------------------------------------------------------------------------------------------

describeHardened(
  "a killed upload leaves nothing behind (D44)",
  (t) => {
    let admin: Awaited<ReturnType<typeof createUserWithSession>>;
    let port: number;

    beforeAll(async () => {
      admin = await createUserWithSession(t(), { role: "admin" });
      await t().site.listen({ port: 0, host: "127.0.0.1" });
      port = (t().site.server.address() as { port: number }).port;
    });

    const gamesDir = () => path.join(t().config.dataDir, "games");
    const tmpDir = () => path.join(t().config.dataDir, "tmp");
    const gameCount = async () =>
      Number(((await t().database.db.execute(sql`select count(*)::int as n from games`)).rows[0] as { n: number }).n);

    /** Starts a multipart upload of `size` bytes on a real connection and returns a handle to send more or kill it. */
    function startUpload(file: Buffer, filename: string, opts: { chunked?: boolean } = {}) {
      const boundary = "----arcadiumKilledUpload";
      const fields = { title: "Killed Upload", description: "never installed", imageUrl: "https://example.com/x.png" };
      const head = Buffer.concat([
        ...Object.entries(fields).map(([k, v]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="htmlFile"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      ]);
      const tailPart = Buffer.from(`\r\n--${boundary}--\r\n`);
      const total = head.length + file.length + tailPart.length;
      const req = http.request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/admin/games/upload",
        agent: false,
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          cookie: `sid=${admin.sid}`,
          ...(opts.chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(total) }),
        },
      });
      const outcome = new Promise<string>((resolve) => {
        req.on("response", (res) => {
          res.resume();
          resolve(`response ${res.statusCode}`);
        });
        req.on("error", (err) => resolve(`error ${err.message}`));
        req.on("close", () => resolve("closed"));
      });
      req.write(head);
      return {
        outcome,
        send: (bytes: Buffer) =>
          new Promise<void>((resolve) => (req.write(bytes) ? resolve() : req.once("drain", () => resolve()))),
        tail: tailPart,
        kill: () => req.destroy(),
      };
    }

    /** Waits until the temporary file of an upload in progress has some bytes. */
    async function waitForTempFile(minBytes: number) {
      for (let i = 0; i < 200; i++) {
        const files = await listFiles(tmpDir());
        for (const f of files) {
          const st = await fs.stat(path.join(tmpDir(), f)).catch(() => undefined);
          if (st?.isFile() && st.size >= minBytes) return;
        }
        await sleep(25);
      }
      throw new Error("the upload never reached DATA_DIR/tmp");
    }

    /** Nothing left: no temp file (within a few seconds: the server notices the dead connection), no package folder, no row. */
    async function expectNothingLeft(gamesBefore: string[], rowsBefore: number) {
      let leftovers: string[] = [];
      for (let i = 0; i < 100; i++) {
        leftovers = await listFiles(tmpDir());
        if (leftovers.length === 0) break;
        await sleep(50);
      }
      expect(leftovers).toEqual([]);
      expect((await fs.readdir(gamesDir())).sort()).toEqual(gamesBefore);
      expect(await gameCount()).toBe(rowsBefore);
      // A client going away is not a server error: nothing logged at error level.
      expect(t().logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
      // And the server still takes uploads.
      const fine = Buffer.from("<!doctype html><p>fine</p>");
      const ok = startUpload(fine, "fine.html");
      await ok.send(Buffer.concat([fine, ok.tail]));
      expect(await ok.outcome).toBe("response 201");
    }

    const big = (mb: number) => Buffer.alloc(mb * 1024 * 1024, 0x61);

    it("killed in the middle of the file (Content-Length upload)", async () => {
      const gamesBefore = (await fs.readdir(gamesDir())).sort();
      const rowsBefore = await gameCount();
      const file = buildZip([{ name: "index.html", data: big(6) }]);
      const up = startUpload(file, "game.zip");
      await up.send(file.subarray(0, 3 * 1024 * 1024));
      await waitForTempFile(64 * 1024);
      up.kill();
      expect(await up.outcome).toMatch(/^(error|closed)/);
      await expectNothingLeft(gamesBefore, rowsBefore);
    });

    it("killed after the whole file but before the closing boundary", async () => {
      const gamesBefore = (await fs.readdir(gamesDir())).sort();
      const rowsBefore = await gameCount();
      const file = Buffer.from(`<!doctype html><p>${"x".repeat(512 * 1024)}</p>`);
      const up = startUpload(file, "whole.html");
      await up.send(file);
      await waitForTempFile(1024);
      await sleep(100);
      up.kill();
      await up.outcome;
      await expectNothingLeft(gamesBefore, rowsBefore);
    });

    it("killed in the middle of a chunked upload", async () => {
      const gamesBefore = (await fs.readdir(gamesDir())).sort();
      const rowsBefore = await gameCount();
      const file = big(4);
      const up = startUpload(file, "chunked.html", { chunked: true });
      await up.send(file.subarray(0, 2 * 1024 * 1024));
      await waitForTempFile(64 * 1024);
      up.kill();
      await up.outcome;
      await expectNothingLeft(gamesBefore, rowsBefore);
    });
  },
  { logLevel: "info" },
);
