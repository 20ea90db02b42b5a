// `npm test`: every suite CI runs. Typecheck, lint and the format check side by side, then unit, component and API tests
// (Vitest; the API suite on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL too, D6), then the build, the
// JavaScript budget and the end-to-end tests in Chromium. Each stage's time is printed, and all of them at the end.
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { buildAll, root } from "./build-lib.mjs";

const started = Date.now();
/** @type {{ label: string, seconds: number }[]} */
const timings = [];
const seconds = (since) => Math.round((Date.now() - since) / 100) / 10;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

function fail(label, status) {
  console.error(`\n${label} failed (exit ${status}).`);
  process.exit(typeof status === "number" && status !== 0 ? status : 1);
}

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const since = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  timings.push({ label, seconds: seconds(since) });
  if (res.status !== 0) fail(label, res.status ?? res.signal);
}

/**
 * Runs the steps at once, each with its output held and printed whole when it ends (so that the log reads as if they
 * ran one after the other); fails after all have ended if any failed. tsc is single-threaded and ESLint and
 * Prettier wait on files as often as they compute: side by side on two cores they take about half the time.
 */
async function runTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ({ label, cmd, args }) =>
        new Promise((resolve) => {
          const since = Date.now();
          const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: process.env });
          let output = "";
          child.stdout.on("data", (d) => (output += d));
          child.stderr.on("data", (d) => (output += d));
          child.on("close", (status, signal) => {
            const took = seconds(since);
            console.log(`\n=== ${label} (${took} s) ===\n${output.trimEnd()}`);
            timings.push({ label, seconds: took });
            resolve({ label, status: status ?? signal });
          });
        }),
    ),
  );
  const failed = results.find((r) => r.status !== 0);
  if (failed) fail(failed.label, failed.status);
}

const bin = (name) => path.join(root, "node_modules", ".bin", name);
if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: the API suite runs on PGlite only (set it to run on PostgreSQL too).");
}
console.log(`Load average at the start: ${load()} (${os.availableParallelism()} CPUs)`);
// Layer rules and formatting (ADR 007): the same checks as `npm run lint`.
await runTogether([
  { label: "Typecheck", cmd: bin("tsc"), args: ["-p", "tsconfig.json", "--noEmit"] },
  { label: "Lint (ESLint)", cmd: bin("eslint"), args: [".", "--max-warnings", "0"] },
  { label: "Format check (Prettier)", cmd: bin("prettier"), args: ["--check", "."] },
]);
run("Unit, component and API tests (Vitest)", bin("vitest"), ["run"]);
run("Browser check", process.execPath, [path.join(root, "scripts", "ensure-browser.mjs")]);
console.log("\n=== Build ===");
const buildStarted = Date.now();
await buildAll({ log: console.log });
timings.push({ label: "Build", seconds: seconds(buildStarted) });
// D73: every public page's JavaScript before the first interaction stays within 120 KB gzip.
run("Front-end budget (bench/bundle.mjs --check)", process.execPath, [
  path.join(root, "bench", "bundle.mjs"),
  "--check",
  "--parallel",
  "4",
]);
run("End-to-end tests (Playwright, system Chromium)", bin("playwright"), ["test"]);
console.log(`\nAll test suites passed in ${seconds(started)} s (load average now ${load()}):`);
for (const { label, seconds: s } of timings) console.log(`  ${String(s).padStart(7)} s  ${label}`);
