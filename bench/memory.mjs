// D163: the server's memory (RSS) once started, after mixed traffic, and at its peak, on each database, at 12 games
// (the demo seed) and with generated games added.
//
//   node bench/memory.mjs [--db pglite|postgres|both] [--games 12,10000] [--requests 1000] [--runs 3] [--root DIR]
//
// Each run makes a new data folder (and, for PostgreSQL, a scratch database on BENCH_DATABASE_URL or TEST_DATABASE_URL,
// dropped afterwards) and starts the built server (npm run build first) as `npm start` runs it (no source maps). The
// first start creates, migrates and seeds the database: its time to /readyz and its peak (VmHWM) are recorded. The
// server is stopped, the games beyond the demo's 12 are inserted with SQL (categories spread evenly, then VACUUM
// ANALYZE, as autovacuum would after a bulk load), and the server is started again on that data: the later start's
// time, VmRSS once /readyz answers and 10 idle seconds have passed (the first minute's start-up work), then VmRSS and
// VmHWM after N mixed requests (pages, catalogue and game reads, leaderboards, searches, 404s; four at a time). It
// prints each run, then the medians with the load average. `--root` measures the build of another checkout.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase, spawnServer } from "../scripts/server-process.mjs";
import { addGamesSql, adminDatabaseUrl } from "./lib.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const kinds = option("db", "both") === "both" ? ["pglite", "postgres"] : [option("db", "both")];
const sizes = option("games", "12").split(",").map(Number);
const requests = Number(option("requests", "1000"));
const runs = Number(option("runs", "3"));
const root = option("root", undefined);
const DEMO_GAMES = 12;
const CONCURRENCY = 4;
const SETTLE_MS = 10_000;
const env = { LOG_LEVEL: "warn" };

/** VmRSS and VmHWM of a process, in MB. */
async function memoryOf(pid) {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

async function mixedTraffic(url, total) {
  const games = await (await fetch(`${url}/api/games?limit=50`)).json();
  const ids = games.map((g) => g.id);
  const paths = [
    () => "/",
    () => "/games",
    () => "/category/action",
    () => "/leaderboard",
    () => "/api/games?limit=24",
    () => `/api/games/${ids[Math.floor(Math.random() * ids.length)]}`,
    () => `/game/${ids[Math.floor(Math.random() * ids.length)]}`,
    () => "/api/leaderboard?limit=20",
    () => `/api/games/${ids[Math.floor(Math.random() * ids.length)]}/scores?limit=10`,
    () => "/api/categories",
    () => "/no-such-page",
    () => "/api/search?q=pu",
  ];
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < total) {
      const path = paths[next++ % paths.length]();
      const res = await fetch(url + path).catch(() => null);
      if (!res || res.status >= 500) failed++;
      await res?.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failed;
}

/** Inserts the generated games through the database itself (not the API), then VACUUM ANALYZE. */
async function addGames(kind, { dataDir, url }, count) {
  if (count <= 0) return;
  if (kind === "postgres") {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(addGamesSql(count));
    await client.query("vacuum analyze");
    await client.end();
    return;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const pglite = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  await pglite.exec(addGamesSql(count));
  await pglite.exec("vacuum analyze");
  await pglite.close();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const loadBefore = os.loadavg();

const results = [];
for (const kind of kinds) {
  for (const games of sizes) {
    const samples = [];
    for (let run = 1; run <= runs; run++) {
      const scratch =
        kind === "postgres" ? await createScratchDatabase(adminDatabaseUrl(), "arcadium_bench_memory") : undefined;
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-bench-memory-"));
      const common = { root, dataDir, databaseUrl: scratch?.url, env, sourceMaps: false, readyTimeoutMs: 180_000 };
      try {
        let started = Date.now();
        const first = await spawnServer(common);
        const firstReadyMs = Date.now() - started;
        const firstPeak = (await memoryOf(first.child.pid)).peak;
        await first.stop(Infinity);
        await addGames(kind, { dataDir, url: scratch?.url }, games - DEMO_GAMES);

        started = Date.now();
        const server = await spawnServer(common);
        const readyMs = Date.now() - started;
        try {
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const afterStart = await memoryOf(server.child.pid);
          const failed = await mixedTraffic(server.url, requests);
          const afterTraffic = await memoryOf(server.child.pid);
          const sample = {
            firstReadyMs,
            firstPeak,
            readyMs,
            startRss: afterStart.rss,
            trafficRss: afterTraffic.rss,
            peak: afterTraffic.peak,
            failed,
          };
          samples.push(sample);
          console.log(
            `${kind}, ${games} games, run ${run}: first start ${firstReadyMs} ms (peak ${firstPeak.toFixed(0)} MB); later start ${readyMs} ms; ` +
              `RSS after start ${sample.startRss.toFixed(0)} MB, after ${requests} requests ${sample.trafficRss.toFixed(0)} MB, peak ${sample.peak.toFixed(0)} MB; ${failed} failed`,
          );
        } finally {
          await server.stop();
        }
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
        await scratch?.drop();
      }
    }
    const m = (key) => median(samples.map((s) => s[key]));
    results.push({
      kind,
      games,
      firstReadyMs: m("firstReadyMs"),
      firstPeak: m("firstPeak"),
      readyMs: m("readyMs"),
      startRss: m("startRss"),
      trafficRss: m("trafficRss"),
      peak: m("peak"),
      failed: samples.reduce((n, s) => n + s.failed, 0),
    });
  }
}

const load = (l) => l.map((n) => n.toFixed(2)).join(" ");
console.log(
  `\nload average ${load(loadBefore)} before, ${load(os.loadavg())} after; medians of ${runs} runs, ${requests} requests each:`,
);
console.log(
  "| database | games | first start (ms) | first start peak (MB) | later start (ms) | RSS after start (MB) | RSS after requests (MB) | peak (MB) | failed |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const r of results) {
  const mb = (n) => n.toFixed(0);
  console.log(
    `| ${r.kind} | ${r.games} | ${r.firstReadyMs} | ${mb(r.firstPeak)} | ${r.readyMs} | ${mb(r.startRss)} | ${mb(r.trafficRss)} | ${mb(r.peak)} | ${r.failed} |`,
  );
}
