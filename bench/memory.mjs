// D163: the server's memory (RSS) on a fresh start, after mixed traffic, and at its peak, on each database.
//
//   node bench/memory.mjs [--db pglite|postgres|both] [--requests 1000] [--runs 3]
//
// Starts the built server (npm run build first) on a fresh DATA_DIR with the demo seed, reads VmRSS and VmHWM (the
// peak) from /proc/<pid>/status once /readyz answers and the first minute of start-up work is done (10 s idle), then
// after N mixed requests (pages, catalogue and game reads, leaderboards, 404s; four at a time), then stops it. Each
// run starts a new process; the medians of the runs are printed with the load average.
import fs from "node:fs/promises";
import os from "node:os";
import { createScratchDatabase, spawnServer } from "../scripts/server-process.mjs";
import { adminDatabaseUrl } from "./lib.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const kinds = option("db", "both") === "both" ? ["pglite", "postgres"] : [option("db", "both")];
const requests = Number(option("requests", "1000"));
const runs = Number(option("runs", "3"));
const CONCURRENCY = 4;
const SETTLE_MS = 10_000;

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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const results = {};
for (const kind of kinds) {
  const samples = [];
  for (let run = 1; run <= runs; run++) {
    const scratch =
      kind === "postgres" ? await createScratchDatabase(adminDatabaseUrl(), "arcadium_bench_memory") : undefined;
    const started = Date.now();
    const server = await spawnServer({
      databaseUrl: scratch?.url,
      env: { LOG_LEVEL: "warn" },
      tempPrefix: "arcadium-bench-memory-",
    });
    const readyMs = Date.now() - started;
    try {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const afterStart = await memoryOf(server.child.pid);
      const failed = await mixedTraffic(server.url, requests);
      const afterTraffic = await memoryOf(server.child.pid);
      samples.push({
        readyMs,
        startRss: afterStart.rss,
        trafficRss: afterTraffic.rss,
        peak: afterTraffic.peak,
        failed,
      });
      console.log(
        `${kind} run ${run}: ready in ${readyMs} ms; RSS after start ${afterStart.rss.toFixed(0)} MB, after ${requests} requests ${afterTraffic.rss.toFixed(0)} MB, peak ${afterTraffic.peak.toFixed(0)} MB; ${failed} failed`,
      );
    } finally {
      await server.stop();
      await scratch?.drop();
    }
  }
  results[kind] = {
    readyMs: median(samples.map((s) => s.readyMs)),
    startRss: median(samples.map((s) => s.startRss)),
    trafficRss: median(samples.map((s) => s.trafficRss)),
    peak: median(samples.map((s) => s.peak)),
    failed: samples.reduce((n, s) => n + s.failed, 0),
  };
}

console.log(
  `\nload average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}; medians of ${runs} runs, ${requests} requests each:`,
);
console.log("| database | ready (ms) | RSS after start (MB) | RSS after requests (MB) | peak (MB) | failed |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const [kind, r] of Object.entries(results)) {
  console.log(
    `| ${kind} | ${r.readyMs} | ${r.startRss.toFixed(0)} | ${r.trafficRss.toFixed(0)} | ${r.peak.toFixed(0)} | ${r.failed} |`,
  );
}
