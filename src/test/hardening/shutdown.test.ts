import fs from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { CHAT_RATE_LIMIT } from "../../contract/chat-constants";
import { testDatabaseKinds } from "../test-app";
import {
  createScratchPostgres,
  ensureServerBuilt,
  prepareDataDir,
  startBuiltServer,
  type ServerProcess,
} from "./server-process";

/**
 * Lifecycle: the BUILT server (node dist/server/main.js) shuts down gracefully on
 * SIGTERM/SIGINT: it stops accepting connections, finishes the requests in flight (every accepted
 * write is persisted: checked after a restart on the same data), closes live chat sockets with
 * 1001 "Server shutting down", closes the database and exits 0.
 */

/** The log lines worth reading when a run fails (requests' own lines left out). */
function tail(output: string): string {
  return output
    .split("\n")
    .filter((l) => !/"msg":"(incoming request|request completed)"/.test(l))
    .slice(-40)
    .join("\n");
}

/**
 * Registrations in the burst, each a production-cost hash (0.4 CPU-s): twelve took the shutdown past its 15 s grace
 * on a machine at load 12.
 */
const BURST_REGISTRATIONS = 6;
/** The slow message and nine in the burst. */
const CHAT_MESSAGES = 10;
const CHATTERS = Math.ceil(CHAT_MESSAGES / (CHAT_RATE_LIMIT.limit - 1));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Result = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** A request on its own connection (no keep-alive pool), optionally with a body sent in two halves. */
function request(
  port: number,
  method: string,
  urlPath: string,
  opts: { body?: unknown; cookie?: string; holdHalf?: boolean } = {},
) {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const req = http.request({
    host: "127.0.0.1",
    port,
    method,
    path: urlPath,
    agent: false,
    headers: {
      ...(body !== undefined
        ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }
        : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
  });
  const response: Promise<Result> = new Promise<Result>((resolve, reject) => {
    req.on("response", (res) => {
      let data = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (data += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data, headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
  // Failures are looked at by the caller (a refused request is expected during a shutdown).
  response.catch(() => {});
  if (body === undefined) req.end();
  else if (opts.holdHalf) req.write(body.slice(0, Math.floor(body.length / 2)));
  else req.end(body);
  return {
    response,
    /** sends the rest of a held body */
    finish: () => req.end(body!.slice(Math.floor(body!.length / 2))),
  };
}

async function register(port: number, username: string, password: string): Promise<string> {
  const res = await request(port, "POST", "/api/auth/register", { body: { username, password } }).response;
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${res.body}`);
  const sid = String(res.headers["set-cookie"]).match(/sid=([^;]+)/)![1];
  return `sid=${sid}`;
}

/** Polls until a new connection is refused (true) or the time is up (false). */
async function refusesConnections(port: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await connectionRefused(port)) return true;
    await sleep(50);
  }
  return false;
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect(port, "127.0.0.1");
    sock.once("connect", () => {
      sock.destroy();
      resolve(false);
    });
    sock.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
  });
}

for (const kind of testDatabaseKinds()) {
  describe(`graceful shutdown of the built server [${kind}]`, () => {
    let dataDir: string;
    let pg: Awaited<ReturnType<typeof createScratchPostgres>> | undefined;
    const running: ServerProcess[] = [];
    const start = async () => {
      const s = await startBuiltServer({ dataDir, databaseUrl: pg?.url });
      running.push(s);
      return s;
    };

    beforeAll(async () => {
      await ensureServerBuilt();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-shutdown-"));
      if (kind === "postgres") pg = await createScratchPostgres();
      else await prepareDataDir(dataDir);
    }, 120_000);
    afterAll(async () => {
      for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) s.kill("SIGKILL");
      await pg?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    it("SIGTERM with slow requests and writes in flight: nothing accepted is lost, sockets get 1001, exit code 0", async () => {
      const server = await start();
      const { port } = server;

      // A few chatters post the ten messages, each one short of the per-user chat limit (D36) at most: every
      // registration costs a production-cost hash, which is not what this test checks.
      const chatters = await Promise.all(
        Array.from({ length: CHATTERS }, (_, i) => register(port, `chat_${kind}_${i}`, "password-123")),
      );

      // A live chat socket.
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/chat/live`);
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      await new Promise<void>((resolve, reject) => ws.once("open", () => resolve()).once("error", reject));

      // A slow request: half of its body now, the rest after the signal.
      const slow = request(port, "POST", "/api/chat", {
        body: { message: "the slow message" },
        cookie: chatters[0],
        holdHalf: true,
      });
      await sleep(200);

      // A burst of writes: registrations (scrypt at N=2^17 makes each take a while; a few only,
      // so that the shutdown stays well inside its 15 s grace period on a busy machine) and chat posts.
      const burst: Array<{ kind: "register" | "chat"; key: string; response: Promise<Result> }> = [];
      for (let i = 0; i < BURST_REGISTRATIONS; i++) {
        const username = `burst_${kind}_${i}`;
        burst.push({
          kind: "register",
          key: username,
          response: request(port, "POST", "/api/auth/register", { body: { username, password: `pw-${username}` } })
            .response,
        });
      }
      for (let i = 1; i < CHAT_MESSAGES; i++) {
        const message = `burst message ${i}`;
        burst.push({
          kind: "chat",
          key: message,
          response: request(port, "POST", "/api/chat", { body: { message }, cookie: chatters[i % CHATTERS] }).response,
        });
      }
      // Let the first of them be accepted, then signal while the others are still in flight.
      await Promise.race(burst.map((b) => b.response.catch(() => undefined)));
      server.kill("SIGTERM");

      // It soon stops accepting connections, while the slow request (already accepted, its
      // body still incomplete) is held open; then the slow request still completes.
      expect(await refusesConnections(port, 5_000)).toBe(true);
      expect(server.child.exitCode).toBeNull();
      slow.finish();
      const slowRes = await slow.response;
      expect(slowRes.status, slowRes.body).toBe(201);

      const settled = await Promise.all(
        burst.map(async (b) => ({ ...b, result: await b.response.catch((err: Error) => err) })),
      );
      const accepted = settled.filter(
        (b) => !(b.result instanceof Error) && (b.result.status === 201 || b.result.status === 200),
      );
      // Anything not accepted was refused cleanly (never a 5xx other than the 503 of a closing server).
      for (const b of settled) {
        if (b.result instanceof Error) continue;
        expect([200, 201, 503], `${b.key}: ${b.result.status} ${b.result.body}`).toContain(b.result.status);
      }
      expect(accepted.length).toBeGreaterThan(0);

      const exitCode = await server.exited;
      expect(exitCode, tail(server.output())).toBe(0);
      expect(await closed).toEqual({ code: 1001, reason: "Server shutting down" });
      expect(server.output()).toContain("shut down cleanly");
      expect(server.output()).not.toMatch(/"level":(50|60)/);

      // Restarted on the same data: every accepted write is there.
      const again = await start();
      for (const b of accepted.filter((x) => x.kind === "register")) {
        const login = await request(again.port, "POST", "/api/auth/login", {
          body: { username: b.key, password: `pw-${b.key}` },
        }).response;
        expect(login.status, `${b.key} was accepted (201) before the shutdown but cannot sign in: ${login.body}`).toBe(
          200,
        );
      }
      const history = JSON.parse((await request(again.port, "GET", "/api/chat?limit=100").response).body) as Array<{
        message: string;
      }>;
      const messages = history.map((m) => m.message);
      expect(messages).toContain("the slow message");
      for (const b of accepted.filter((x) => x.kind === "chat")) expect(messages).toContain(b.key);

      again.kill("SIGINT");
      expect(await again.exited).toBe(0);
      expect(again.output()).toMatch(/"signal":"SIGINT"/);
    }, 120_000);

    it("SIGINT on an idle server exits 0 promptly and releases the database (a restart on the same data works)", async () => {
      const server = await start();
      const t0 = Date.now();
      server.kill("SIGINT");
      expect(await server.exited).toBe(0);
      expect(Date.now() - t0).toBeLessThan(5_000);
      if (pg) {
        const { default: pgModule } = await import("pg");
        const c = new pgModule.Client({ connectionString: pg.admin });
        await c.connect();
        // The backends of a closed pool end a moment after the process: poll briefly.
        let n = -1;
        for (let i = 0; i < 40 && n !== 0; i++) {
          n = (await c.query("select count(*)::int as n from pg_stat_activity where datname = $1", [pg.name])).rows[0]
            .n;
          if (n !== 0) await sleep(100);
        }
        await c.end();
        expect(n).toBe(0);
      }
      const again = await start();
      expect((await request(again.port, "GET", "/readyz").response).status).toBe(200);
      again.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    }, 120_000);
  });
}
