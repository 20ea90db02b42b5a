// D163: how long `npm start` takes on a fresh clone (build included) and on a later start.
//
//   node bench/start.mjs [--runs 1]
//
// Clones this checkout's HEAD into a temporary folder (git clone, no network), links node_modules in (as `npm ci`
// would have installed them: the install itself is not timed), then runs `node scripts/start.mjs` there with a new
// DATA_DIR (PGlite) and times it until /readyz answers: the first start builds the site, creates the database,
// migrates and seeds it. It stops the server (SIGTERM to npm start's process), starts it again on the same data and
// times that too, with the CPU time the server's process used until ready. Each start's processes are watched from
// /proc every 100 ms: the peak (VmHWM) of the build, of the process that prepares a new database and of the server,
// and the server's VmRSS ten seconds after /readyz (the start-up jobs done). Prints each run, the medians and the load
// average.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { root } from "../scripts/build-lib.mjs";
import { freePort } from "../scripts/server-process.mjs";

const args = process.argv.slice(2);
const runs = Number(args.includes("--runs") ? args[args.indexOf("--runs") + 1] : "1");

const SETTLE_MS = 10_000;

/** The processes below `pid`, each with its command line. */
function descendants(pid) {
  let children;
  try {
    children = execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** The process's role in a start, from its command line: the build, a new database's preparation, or the server. */
async function roleOf(pid) {
  const command = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
  if (command.includes("--prepare-only")) return "prepare";
  if (command.includes("build.mjs")) return "build";
  if (command.includes("main.js")) return "server";
  return undefined;
}

/** Reads each descendant's VmHWM every 100 ms and keeps the highest per role, in MB, until stopped. */
function watchPeaks(rootPid) {
  const peaks = {};
  let watching = true;
  const done = (async () => {
    while (watching) {
      for (const pid of descendants(rootPid)) {
        const role = await roleOf(pid);
        const status = role && (await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => ""));
        const kb = status && /^VmHWM:\s+(\d+)/m.exec(status);
        if (kb) peaks[role] = Math.max(peaks[role] ?? 0, Number(kb[1]) / 1024);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    watching = false;
    await done;
    return peaks;
  };
}

async function timedStart(dir, dataDir) {
  const port = await freePort();
  const gamesPort = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(dir, "scripts", "start.mjs")], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      GAMES_PORT: String(gamesPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ARCADIUM_BANNER: "0",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stopWatching = watchPeaks(child.pid);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 300_000) throw new Error(`not ready after 300 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = Date.now() - started;
  const server = execFileSync("pgrep", ["-P", String(child.pid)], { encoding: "utf8" })
    .trim()
    .split("\n")[0];
  // CPU seconds the server's process used until it was ready (user + system): what a busy machine does not change
  const stat = (await fs.readFile(`/proc/${server}/stat`, "utf8")).split(") ")[1].split(" ");
  const cpuSeconds = (Number(stat[11]) + Number(stat[12])) / 100;
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const settled = await fs.readFile(`/proc/${server}/status`, "utf8");
  const rss = Number(/^VmRSS:\s+(\d+)/m.exec(settled)[1]) / 1024;
  const peaks = await stopWatching();
  peaks.server = Math.max(peaks.server ?? 0, Number(/^VmHWM:\s+(\d+)/m.exec(settled)[1]) / 1024);
  child.kill("SIGTERM");
  await exited;
  return { ms, rss, peaks, cpuSeconds };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const loadBefore = os.loadavg();
const samples = [];
for (let run = 1; run <= runs; run++) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-bench-start-"));
  const dataDir = path.join(dir, "data");
  try {
    execFileSync("git", ["clone", "--quiet", root, dir]);
    execFileSync("cp", ["-al", path.join(root, "node_modules"), path.join(dir, "node_modules")]);
    const first = await timedStart(dir, dataDir);
    const later = await timedStart(dir, dataDir);
    samples.push({ first, later });
    const mb = (n) => (n === undefined ? "-" : `${n.toFixed(0)} MB`);
    const describe = ({ rss, peaks }) =>
      `server ${mb(rss)} once started, peak ${mb(peaks.server)}; preparation peak ${mb(peaks.prepare)}; build peak ${mb(peaks.build)}`;
    console.log(`run ${run}: first start (build included) ${first.ms} ms, ${describe(first)}`);
    console.log(
      `run ${run}: later start ${later.ms} ms (the server's CPU ${later.cpuSeconds.toFixed(1)} s), ${describe(later)}`,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
const load = (l) => l.map((n) => n.toFixed(2)).join(" ");
console.log(
  `\nload average ${load(loadBefore)} before, ${load(os.loadavg())} after; medians of ${runs}: first start ${median(samples.map((s) => s.first.ms))} ms, server ${median(samples.map((s) => s.first.rss)).toFixed(0)} MB once started (peak ${median(samples.map((s) => s.first.peaks.server)).toFixed(0)} MB); later start ${median(samples.map((s) => s.later.ms))} ms, server ${median(samples.map((s) => s.later.rss)).toFixed(0)} MB (peak ${median(samples.map((s) => s.later.peaks.server)).toFixed(0)} MB)`,
);
