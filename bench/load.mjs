// Load benchmark: N simulated visitors browse and play (some signed in, submitting scores)
// and M players chat, for a fixed time, against a real server on PGlite or PostgreSQL.
// Usage: node bench/load.mjs [--db pglite|postgres] [--visitors 40] [--chatters 8] [--seconds 30]
//        [--rss-every 30]      (sample the server's RSS every 30 s; default: ten samples per run)
//        [--restart-at 10]     (postgres on this machine: restart the cluster with pg_ctlcluster at 10 s)
//        [--terminate-at 10]   (postgres: terminate every connection of the bench database at 10 s,
//                               a database restart as the server sees it; failures are counted by phase)
// Every loop is bounded in time and traffic goes to 127.0.0.1 only.
import fs from "node:fs";
import fsp from "node:fs/promises";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { buildAll } from "../scripts/build-lib.mjs";
import { createScratchDatabase, spawnServer } from "../scripts/server-process.mjs";
import { adminDatabaseUrl, pct } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    visitors: { type: "string", default: "40" },
    chatters: { type: "string", default: "8" },
    seconds: { type: "string", default: "30" },
    out: { type: "string", default: "" },
    "terminate-at": { type: "string", default: "" },
    "rss-every": { type: "string", default: "" },
    "restart-at": { type: "string", default: "" },
  },
});
const VISITORS = Number(args.visitors);
const CHATTERS = Number(args.chatters);
const SECONDS = Number(args.seconds);
const TERMINATE_AT = args["terminate-at"] ? Number(args["terminate-at"]) : null;
if (TERMINATE_AT !== null && args.db !== "postgres") throw new Error("--terminate-at needs --db postgres");
const RESTART_AT = args["restart-at"] ? Number(args["restart-at"]) : null;
if (RESTART_AT !== null && args.db !== "postgres") throw new Error("--restart-at needs --db postgres");

function rssKb(pid) {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

const stats = new Map();
/** When the backends were terminated (ms since epoch), and failures by phase relative to it. */
let terminatedAt = null;
/** With --restart-at: when the database was back (ms since epoch); "during" lasts until then plus 1 s. */
let restartedAt = null;
const phases = { before: { n: 0, failed: 0 }, during: { n: 0, failed: 0 }, after: { n: 0, failed: 0 } };
const failures = [];
function record(name, ms, ok, detail, status) {
  let s = stats.get(name);
  if (!s) stats.set(name, (s = { n: 0, failed: 0, limited: 0, times: [] }));
  s.n++;
  if (!ok) s.failed++;
  if (ok && status === 429) s.limited++;
  s.times.push(ms);
  if (!ok && failures.length < 20) failures.push({ name, detail });
  // "during": started within 1 s after the termination, or in flight at that moment.
  const end = Date.now();
  const start = end - ms;
  const phase =
    terminatedAt === null || end < terminatedAt
      ? "before"
      : start < (restartedAt ?? terminatedAt) + 1000
        ? "during"
        : "after";
  phases[phase].n++;
  if (!ok) phases[phase].failed++;
}

async function main() {
  await buildAll({ log: () => {} });
  const pgdb = args.db === "postgres" ? await createScratchDatabase(adminDatabaseUrl(), "arcadium_bench") : null;
  const server = await spawnServer({
    tempPrefix: "arcadium-bench-",
    databaseUrl: pgdb?.url ?? "",
    env: { LOG_LEVEL: "warn", TRUST_PROXY: "loopback" },
    stdio: "inherit",
    sourceMaps: false,
  });
  const { port, url: base } = server;
  const games = await (await fetch(`${base}/api/games`)).json();
  const rssBefore = rssKb(server.child.pid);

  // Each simulated client has its own address, so per-address limits behave as in production.
  const ipOf = (i) => `10.${Math.floor(i / 250) % 250}.${i % 250}.${1 + (i % 200)}`;
  async function call(name, method, url, { body, cookie, ip, expect = [200, 201, 204] } = {}) {
    const t0 = performance.now();
    let ok;
    let res;
    let detail;
    try {
      res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(body ? { "content-type": "application/json" } : {}),
          ...(cookie ? { cookie } : {}),
          "x-forwarded-for": ip ?? "10.200.0.1",
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const buf = Buffer.from(await res.arrayBuffer());
      ok = expect.includes(res.status);
      if (!ok) detail = `${res.status} ${buf.toString("utf8").slice(0, 120)}`;
      // The body is read here once; callers that need it get it parsed.
      if (ok && /json/.test(res.headers.get("content-type") ?? "")) res.parsed = JSON.parse(buf.toString("utf8"));
    } catch (err) {
      ok = false;
      detail = String(err?.cause?.code ?? err?.message ?? err);
    }
    record(name, performance.now() - t0, ok, detail, res?.status);
    return res;
  }
  async function register(i, prefix) {
    const res = await call("register", "POST", "/api/auth/register", {
      body: { username: `${prefix}${i}_${Date.now() % 100000}`, password: "bench-password" },
      ip: ipOf(i),
      expect: [201],
    });
    const sid = res?.headers.get("set-cookie")?.match(/sid=([^;]+)/)?.[1];
    return sid ? `sid=${sid}` : undefined;
  }

  const until = Date.now() + SECONDS * 1000;
  const pick = (a) => a[Math.floor(Math.random() * a.length)];
  async function visitor(i) {
    const signedIn = i % 4 === 0 ? await register(i, "v") : undefined;
    while (Date.now() < until) {
      await call("GET /", "GET", "/", { ip: ipOf(i) });
      await call("GET /api/games", "GET", "/api/games?sort=popular", { ip: ipOf(i) });
      await call("GET /api/categories", "GET", "/api/categories", { ip: ipOf(i) });
      const g = pick(games);
      await call("GET /api/games/:id", "GET", `/api/games/${g.id}`, { ip: ipOf(i) });
      await call("GET /api/scores/game/:id", "GET", `/api/scores/game/${g.id}`, { ip: ipOf(i) });
      await call("GET /api/leaderboard", "GET", `/api/leaderboard?period=${i % 2 ? "week" : "all"}`, { ip: ipOf(i) });
      // A visitor here starts a game every ~0.8 s, faster than PLAYS_PER_MINUTE (60) allows a person:
      // the refusals are expected (429, counted as limited429), not failures.
      const play = await call("POST /api/games/:id/play", "POST", `/api/games/${g.id}/play`, {
        cookie: signedIn,
        ip: ipOf(i),
        expect: [200, 429],
      });
      if (signedIn && play?.ok) {
        const playId = play.parsed?.playId;
        if (playId)
          await call("POST /api/scores", "POST", "/api/scores", {
            body: { playId, score: Math.floor(Math.random() * 10000), won: Math.random() < 0.5 },
            cookie: signedIn,
            ip: ipOf(i),
            expect: [201, 429],
          });
      }
      await call("GET /api/chat", "GET", "/api/chat", { ip: ipOf(i) });
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
    }
  }
  let received = 0;
  const socketDrops = [];
  async function chatter(i) {
    const cookie = await register(i + 10_000, "c");
    // The `ws` client (Node 20 has no global WebSocket); its own address, like its HTTP requests.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/chat/live`, {
      headers: { "x-forwarded-for": ipOf(i + 10_000) },
    });
    ws.on("message", () => received++);
    ws.on("error", () => {});
    ws.on("close", (code) => {
      if (Date.now() < until) socketDrops.push(code);
    });
    while (Date.now() < until) {
      // Under the per-player limit of 5 messages in 10 s (D36).
      await call("POST /api/chat", "POST", "/api/chat", {
        body: { message: `bench message ${i} ${Date.now()}` },
        cookie,
        ip: ipOf(i + 10_000),
        expect: [201],
      });
      await new Promise((r) => setTimeout(r, 2500 + Math.random() * 1000));
    }
    ws?.close();
  }

  let restart = null;
  if (RESTART_AT !== null) {
    // A real restart of the local cluster (Debian's pg_ctlcluster; needs the rights to run it):
    // every connection drops and, for a moment, new ones are refused.
    setTimeout(async () => {
      const { execFile } = await import("node:child_process");
      const { promisify } = await import("node:util");
      const version = fs.readdirSync("/etc/postgresql")[0];
      terminatedAt = Date.now();
      restartedAt = Number.POSITIVE_INFINITY;
      await promisify(execFile)("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "restart"]);
      restartedAt = Date.now();
      restart = { cluster: `${version}/main`, tookMs: restartedAt - terminatedAt };
    }, RESTART_AT * 1000);
  }
  let terminated = null;
  if (TERMINATE_AT !== null) {
    setTimeout(async () => {
      const { default: pg } = await import("pg");
      const c = new pg.Client({ connectionString: pgdb.admin });
      await c.connect();
      terminatedAt = Date.now();
      const res = await c.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [pgdb.name],
      );
      terminated = res.rowCount;
      await c.end();
    }, TERMINATE_AT * 1000);
  }
  // The server's RSS over the run (a soak shows whether memory levels off): every --rss-every seconds,
  // by default ten samples per run.
  const rssEvery = Number(args["rss-every"] || Math.max(1, SECONDS / 10)) * 1000;
  const rssSeries = [];
  const t0 = Date.now();
  const sampler = setInterval(() => {
    const kb = rssKb(server.child.pid);
    if (kb) rssSeries.push([Math.round((Date.now() - t0) / 1000), +(kb / 1024).toFixed(1)]);
  }, rssEvery);
  await Promise.all([
    ...Array.from({ length: VISITORS }, (_, i) => visitor(i)),
    ...Array.from({ length: CHATTERS }, (_, i) => chatter(i)),
  ]);
  const elapsed = (Date.now() - t0) / 1000;
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 2000));
  const rssAfter = rssKb(server.child.pid);
  await server.stop(Infinity);
  await pgdb?.drop();

  const rows = [...stats].map(([name, s]) => {
    const t = s.times.sort((a, b) => a - b);
    return {
      name,
      requests: s.n,
      failed: s.failed,
      ...(s.limited ? { limited429: s.limited } : {}),
      p50: +pct(t, 50).toFixed(1),
      p95: +pct(t, 95).toFixed(1),
      p99: +pct(t, 99).toFixed(1),
    };
  });
  const total = rows.reduce((a, r) => a + r.requests, 0);
  const failed = rows.reduce((a, r) => a + r.failed, 0);
  const result = {
    date: new Date().toISOString(),
    db: args.db,
    visitors: VISITORS,
    chatters: CHATTERS,
    seconds: SECONDS,
    requests: total,
    failed,
    requestsPerSecond: +(total / elapsed).toFixed(1),
    chatEventsReceived: received,
    chatSocketsDroppedDuringRun: socketDrops.length,
    ...(TERMINATE_AT !== null ? { terminateAt: TERMINATE_AT, backendsTerminated: terminated, phases } : {}),
    ...(RESTART_AT !== null ? { restartAt: RESTART_AT, restart, phases } : {}),
    firstFailures: failures,
    rssBeforeMb: rssBefore ? +(rssBefore / 1024).toFixed(1) : null,
    rssAfterMb: rssAfter ? +(rssAfter / 1024).toFixed(1) : null,
    rssSeriesMb: rssSeries,
    endpoints: rows,
  };
  console.log(JSON.stringify(result, null, 2));
  if (args.out) await fsp.writeFile(args.out, JSON.stringify(result, null, 2));
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
