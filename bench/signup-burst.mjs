// Sign-up burst benchmark: how long do page loads take while a burst of sign-ups and
// sign-ins hashes passwords (scrypt, N=2^17)? Were the page's files read through libuv's thread
// pool, where every hash holds a thread for ~0.3 s, GET / would wait seconds.
// Usage: node bench/signup-burst.mjs [--runs 5] [--burst 24] [--root DIR]
//   --root DIR: run the server built in another checkout (for a before/after comparison; build it
//               there first with `npm run build`). Default: this checkout, built if needed.
// PGlite, temporary DATA_DIR, 127.0.0.1 only; prints JSON with the median of each figure over the runs.
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildAll, root as ownRoot } from "../scripts/build-lib.mjs";
import { spawnServer } from "../scripts/server-process.mjs";
import { pct } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    burst: { type: "string", default: "24" },
    root: { type: "string", default: "" },
  },
});
const RUNS = Number(args.runs);
const BURST = Number(args.burst);
const root = args.root ? path.resolve(args.root) : ownRoot;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** One request, its body read: the status (0 when it failed) and how long it took, in ms. */
async function timed(url, init) {
  const t0 = performance.now();
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  } catch {
    return { status: 0, ms: performance.now() - t0 };
  }
}
/** The p-th percentile of the numbers in an unsorted array (null when there are none). */
const pctOf = (values, p) => {
  const sorted = values.filter((v) => typeof v === "number").sort((a, b) => a - b);
  return sorted.length ? pct(sorted, p) : null;
};
const median = (values) => pctOf(values, 50);
const round = (x) => (x === null ? null : Math.round(x * 10) / 10);

async function main() {
  if (!args.root) await buildAll({ log: () => {} });
  const server = await spawnServer({
    root,
    tempPrefix: "arcadium-burst-",
    env: { NODE_ENV: "production", LOG_LEVEL: "warn", TRUST_PROXY: "loopback", REGISTRATIONS_PER_HOUR: "100000" },
    stdio: "inherit",
    sourceMaps: false,
    readyTimeoutMs: 120_000,
  });
  const base = server.url;
  try {
    const html = await (await fetch(`${base}/`)).text();
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    if (!asset) throw new Error("no script asset in index.html");

    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      // Two pollers load the page and its script back to back, as two visitors arriving would.
      const samples = { page: { quiet: [], burst: [] }, asset: { quiet: [], burst: [] } };
      let phase = "quiet";
      let stop = false;
      let failed = 0;
      const poller = async () => {
        while (!stop) {
          const p = await timed(`${base}/`);
          const a = await timed(`${base}${asset}`);
          if (p.status !== 200 || a.status !== 200) failed++;
          samples.page[phase].push(p.ms);
          samples.asset[phase].push(a.ms);
          await sleep(20);
        }
      };
      const pollers = [poller(), poller()];
      await sleep(2000);
      phase = "burst";
      const tag = `${run}${Date.now() % 100000}`;
      const t0 = performance.now();
      const signups = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          timed(`${base}/api/auth/register`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `10.1.${run}.${i + 1}` },
            body: JSON.stringify({ username: `burst${tag}_${i}`, password: "burst-password" }),
          }),
        ),
      );
      const burstMs = performance.now() - t0;
      stop = true;
      await Promise.all(pollers);
      failed += signups.filter((s) => s.status !== 201).length;
      runs.push({
        failed,
        burstMs,
        signupP50: median(signups.map((s) => s.ms)),
        page: {
          quietP50: median(samples.page.quiet),
          burstP50: median(samples.page.burst),
          burstP95: pctOf(samples.page.burst, 95),
          burstMax: pctOf(samples.page.burst, 100),
          n: samples.page.burst.length,
        },
        asset: {
          quietP50: median(samples.asset.quiet),
          burstP50: median(samples.asset.burst),
          burstP95: pctOf(samples.asset.burst, 95),
          burstMax: pctOf(samples.asset.burst, 100),
        },
      });
      await sleep(1000);
    }
    const med = (f) => round(median(runs.map(f)));
    const result = {
      root,
      runs: RUNS,
      burst: BURST,
      cpus: os.cpus().length,
      loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
      failed: runs.reduce((n, r) => n + r.failed, 0),
      medianOfRuns: {
        burstMs: med((r) => r.burstMs),
        signupP50Ms: med((r) => r.signupP50),
        page: {
          quietP50: med((r) => r.page.quietP50),
          burstP50: med((r) => r.page.burstP50),
          burstP95: med((r) => r.page.burstP95),
          burstMax: med((r) => r.page.burstMax),
          samplesPerRun: med((r) => r.page.n),
        },
        asset: {
          quietP50: med((r) => r.asset.quietP50),
          burstP50: med((r) => r.asset.burstP50),
          burstP95: med((r) => r.asset.burstP95),
          burstMax: med((r) => r.asset.burstMax),
        },
      },
    };
    console.log(JSON.stringify(result, null, 2));
    if (result.failed) process.exitCode = 1;
  } finally {
    await server.stop(Infinity);
  }
}

await main();
