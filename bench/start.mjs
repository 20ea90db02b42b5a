// D163: how long `npm start` takes on a fresh clone (build included) and on a later start.
//
//   node bench/start.mjs [--runs 1]
//
// Clones this checkout's HEAD into a temporary folder (git clone, no network), links node_modules in (as `npm ci`
// would have installed them: the install itself is not timed), then runs `node scripts/start.mjs` there with a new
// DATA_DIR (PGlite) and times it until /readyz answers: the first start builds the site, creates the database,
// migrates and seeds it. It stops the server (SIGTERM to npm start's process), starts it again on the same data and
// times that too, with the CPU time the server's process used until ready. Prints each run, the medians, the server process's VmHWM in each, and the load average.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { root } from "../scripts/build-lib.mjs";
import { freePort } from "../scripts/server-process.mjs";

const args = process.argv.slice(2);
const runs = Number(args.includes("--runs") ? args[args.indexOf("--runs") + 1] : "1");

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
  const status = await fs.readFile(`/proc/${server}/status`, "utf8");
  const peak = Number(/^VmHWM:\s+(\d+)/m.exec(status)[1]) / 1024;
  // CPU seconds the server's process used until it was ready (user + system): what a busy machine does not change
  const stat = (await fs.readFile(`/proc/${server}/stat`, "utf8")).split(") ")[1].split(" ");
  const cpuSeconds = (Number(stat[11]) + Number(stat[12])) / 100;
  child.kill("SIGTERM");
  await exited;
  return { ms, peak, cpuSeconds };
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
    console.log(
      `run ${run}: first start (build included) ${first.ms} ms, server peak ${first.peak.toFixed(0)} MB; ` +
        `later start ${later.ms} ms (the server's CPU ${later.cpuSeconds.toFixed(1)} s), peak ${later.peak.toFixed(0)} MB`,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
const load = (l) => l.map((n) => n.toFixed(2)).join(" ");
console.log(
  `\nload average ${load(loadBefore)} before, ${load(os.loadavg())} after; medians of ${runs}: first start ${median(samples.map((s) => s.first.ms))} ms, later start ${median(samples.map((s) => s.later.ms))} ms`,
);
