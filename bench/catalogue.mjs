// Catalogue read benchmark: Arcadium's hot public reads next to a bare Fastify route, in one run.
//
// Usage: node bench/catalogue.mjs [--db postgres,pglite] [--games 10000] [--rounds 5] [--seconds 5] [--connections 32]
//                                [--encoding br] [--out file]
//
// For each database it starts the built server (NODE_ENV=production) on a new database, lets it migrate
// and seed the demo data, stops it, adds `--games` generated games with plain SQL (so that no cache the
// server may have is bypassed) and starts it again. A bare Fastify route returning a small JSON array runs
// in a process of its own beside it: the ceiling of this machine in this run. Then, round after round
// (interleaved, so that a noisy moment hurts every target alike), autocannon drives each target for
// `--seconds`; the report gives per target the medians over the rounds of requests per second, p50 and p99
// latency, and the server's CPU time per request (from /proc), and each as a ratio of the bare route.
// Prints JSON; `--out file` also writes it there.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { buildAll } from "../scripts/build-lib.mjs";
import { createScratchDatabase, spawnServer } from "../scripts/server-process.mjs";
import { addGamesSql, adminDatabaseUrl, startBareRoute } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "postgres,pglite" },
    games: { type: "string", default: "10000" },
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
    out: { type: "string" },
    // sent as Accept-Encoding, as a browser would (default: none, so that compression costs nothing)
    encoding: { type: "string" },
  },
});
const GAMES = Number(args.games);
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round1 = (x) => Math.round(x * 10) / 10;
const round3 = (x) => Math.round(x * 1000) / 1000;

/** CPU time (user + system) of a process so far, in milliseconds, from /proc (Linux). */
const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux
async function cpuMs(pid) {
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Starts Arcadium on the given database with `GAMES` extra games; returns the server and how to clean up. */
async function startArcadium(db) {
  const env = { NODE_ENV: "production", LOG_LEVEL: "warn" };
  if (db === "postgres") {
    const scratch = await createScratchDatabase(adminDatabaseUrl(), "arcadium_bench_cat");
    const first = await spawnServer({ databaseUrl: scratch.url, env, tempPrefix: "arcadium-bench-" });
    await first.stop();
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(addGamesSql(GAMES));
    // As autovacuum would soon after a bulk load: without it the new rows sit in the trigram indexes' pending lists
    // and the planner reads the table instead.
    await client.query("vacuum analyze");
    await client.end();
    const server = await spawnServer({
      databaseUrl: scratch.url,
      env,
      tempPrefix: "arcadium-bench-",
      sourceMaps: false,
    });
    return { server, cleanup: async () => (await server.stop(), await scratch.drop()) };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-bench-"));
  const first = await spawnServer({ dataDir, env, readyTimeoutMs: 180_000 });
  await first.stop(Infinity);
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const pglite = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  await pglite.exec(addGamesSql(GAMES));
  await pglite.exec("vacuum analyze");
  await pglite.close();
  const server = await spawnServer({ dataDir, env, sourceMaps: false, readyTimeoutMs: 180_000 });
  return { server, cleanup: async () => (await server.stop(), await fs.rm(dataDir, { recursive: true, force: true })) };
}

/**
 * Searches are cached (ADR 008), so the autocannon target above measures a popular search. This
 * measures the database's search: 128 requests one after another, each a different letter case of
 * "astroid" (the same query for the database, a different key for the cache), p50/p99 of their times.
 */
async function uncachedSearches(base) {
  const times = [];
  for (let i = 0; i < 128; i++) {
    const term = [..."astroid"].map((c, k) => ((i >> k) & 1 ? c.toUpperCase() : c)).join("");
    const started = process.hrtime.bigint();
    const res = await fetch(`${base}/api/games?search=${term}&limit=24`);
    if (!res.ok) throw new Error(`search ${term}: ${res.status}`);
    await res.arrayBuffer();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((x, y) => x - y);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  return { requests: times.length, p50Ms: at(0.5), p99Ms: at(0.99), failed: 0 };
}

/**
 * A page rendered on the server without the render cache, next to the JSON call without the read
 * cache. Pages and games are cached per path (ADR 008), so each request here asks for a game not asked
 * for before: 96 game pages one after another, then the JSON of 96 other games, p50/p99 of their times.
 */
async function uncachedPages(base, ids) {
  const timed = async (urls) => {
    const times = [];
    for (const url of urls) {
      const started = process.hrtime.bigint();
      const res = await fetch(`${base}${url}`);
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      await res.arrayBuffer();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((x, y) => x - y);
    const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
    return { requests: times.length, p50Ms: at(0.5), p99Ms: at(0.99), failed: 0 };
  };
  const pages = await timed(ids.slice(0, 96).map((id) => `/game/${id}`));
  const json = await timed(ids.slice(96, 192).map((id) => `/api/games/${id}`));
  return {
    "page /game/{id}, uncached": pages,
    "games/{id}, uncached": json,
    p50RatioPageToJson: round1(pages.p50Ms / json.p50Ms),
  };
}

/** One autocannon run against `url`; the server's CPU per request from `pid`. */
async function measure(url, pid) {
  const cpuBefore = await cpuMs(pid);
  const headers = args.encoding ? { "accept-encoding": args.encoding } : {};
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpuAfter = await cpuMs(pid);
  const ok = result.requests.total - result.non2xx - result.errors;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: ok > 0 ? (cpuAfter - cpuBefore) / ok : NaN,
    failed: result.non2xx + result.errors + result.timeouts,
    bytesPerResponse: ok > 0 ? result.throughput.total / ok : NaN,
  };
}

async function benchOne(db, bare) {
  const { server, cleanup } = await startArcadium(db);
  try {
    const get = async (p) => {
      const res = await fetch(server.url + p);
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      return res.json();
    };
    const [someGame] = await get("/api/games?limit=1&sort=popular");
    const categories = await get("/api/categories");
    const category = categories[0].slug;
    const targets = {
      bare: { url: `${bare.url}/bare`, pid: bare.pid },
      "games?limit=24": { url: `${server.url}/api/games?limit=24` },
      "games?category&limit=24": { url: `${server.url}/api/games?category=${category}&limit=24` },
      "games?search&limit=24": { url: `${server.url}/api/games?search=astroid&limit=24` },
      "games/{id}": { url: `${server.url}/api/games/${someGame.id}` },
      categories: { url: `${server.url}/api/categories` },
      leaderboard: { url: `${server.url}/api/leaderboard` },
      // The pages themselves, rendered on the server (ADR 010), from the per-path page cache.
      "page /": { url: `${server.url}/` },
      "page /game/{id}": { url: `${server.url}/game/${someGame.id}` },
    };
    const samples = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, t] of Object.entries(targets)) {
        samples[name].push(await measure(t.url, t.pid ?? server.child.pid));
        await sleep(200);
      }
      console.error(`${db}: round ${r + 1}/${ROUNDS} done`);
    }
    const summary = {};
    for (const [name, runs] of Object.entries(samples)) {
      summary[name] = {
        rps: Math.round(median(runs.map((x) => x.rps))),
        p50Ms: median(runs.map((x) => x.p50)),
        p99Ms: median(runs.map((x) => x.p99)),
        cpuMsPerRequest: round3(median(runs.map((x) => x.cpuMsPerRequest))),
        bytesPerResponse: Math.round(median(runs.map((x) => x.bytesPerResponse))),
        failed: runs.reduce((n, x) => n + x.failed, 0),
      };
    }
    const b = summary.bare;
    for (const [name, s] of Object.entries(summary)) {
      if (name === "bare") continue;
      s.rpsRatioOfBare = round3(s.rps / b.rps);
      s.cpuRatioOfBare = round1(s.cpuMsPerRequest / b.cpuMsPerRequest);
    }
    summary["search, uncached, one at a time"] = await uncachedSearches(server.url);
    const ids = (await get("/api/games?limit=100&sort=rating"))
      .concat(await get("/api/games?limit=100&sort=rating&offset=100"))
      .map((g) => g.id);
    summary["render cache off (a new game per request, one at a time)"] = await uncachedPages(server.url, ids);
    return summary;
  } finally {
    await cleanup();
  }
}

await buildAll({ log: () => {} });
const bare = await startBareRoute();
const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  settings: {
    games: GAMES,
    rounds: ROUNDS,
    seconds: SECONDS,
    connections: CONNECTIONS,
    acceptEncoding: args.encoding ?? null,
  },
  results: {},
};
try {
  for (const db of args.db.split(",")) report.results[db] = await benchOne(db, bare);
} finally {
  await bare.stop();
}
const text = JSON.stringify(report, null, 2);
console.log(text);
if (args.out) await fs.writeFile(args.out, text + "\n");
const failed = Object.values(report.results).some((r) => Object.values(r).some((s) => s.failed > 0));
process.exit(failed ? 1 : 0);
