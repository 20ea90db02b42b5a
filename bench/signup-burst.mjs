// Sign-up burst benchmark (issue 8): how long do page loads take while a burst of sign-ups and
// sign-ins hashes passwords (scrypt, N=2^17)? Before the fix, the page's files were read through
// libuv's thread pool, where every hash held a thread for ~0.3 s, so GET / waited seconds.
// Usage: node bench/signup-burst.mjs [--runs 5] [--burst 24] [--root DIR]
//   --root DIR: run the server built in another checkout (for a before/after comparison; build it
//               there first with `npm run build`). Default: this checkout, built if needed.
// PGlite, temporary DATA_DIR, 127.0.0.1 only; prints JSON with the median of each figure over the runs.
import { spawn } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildAll, root as ownRoot } from "../scripts/build-lib.mjs";
import { freePort, pct } from "./lib.mjs";

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

async function main() {
  if (!args.root) await buildAll({ log: () => {} });
  const port = await freePort();
  const gamesPort = await freePort();
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "arcadium-burst-"));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, "dist", "server", "main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      GAMES_PORT: String(gamesPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      GAMES_URL: `http://localhost:${gamesPort}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ARCADIUM_BANNER: "0",
      TRUST_PROXY: "true",
      REGISTRATIONS_PER_HOUR: "100000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    for (let i = 0; i < 600; i++) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {}
      await sleep(200);
    }
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
        page: { quietP50: median(samples.page.quiet), burstP50: median(samples.page.burst), burstP95: pctOf(samples.page.burst, 95), burstMax: pctOf(samples.page.burst, 100), n: samples.page.burst.length },
        asset: { quietP50: median(samples.asset.quiet), burstP50: median(samples.asset.burst), burstP95: pctOf(samples.asset.burst, 95), burstMax: pctOf(samples.asset.burst, 100) },
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
        page: { quietP50: med((r) => r.page.quietP50), burstP50: med((r) => r.page.burstP50), burstP95: med((r) => r.page.burstP95), burstMax: med((r) => r.page.burstMax), samplesPerRun: med((r) => r.page.n) },
        asset: { quietP50: med((r) => r.asset.quietP50), burstP50: med((r) => r.asset.burstP50), burstP95: med((r) => r.asset.burstP95), burstMax: med((r) => r.asset.burstMax) },
      },
    };
    console.log(JSON.stringify(result, null, 2));
    if (result.failed) process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
