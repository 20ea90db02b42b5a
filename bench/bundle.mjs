// D73: the JavaScript a public page loads before the first interaction, measured in a browser.
//
//   node bench/bundle.mjs [--build] [--runs 1] [--parallel 1] [--quiet-ms 2500] [--max-wait-ms 20000] [--json file]
//                         [--check] [--verbose]
//
// Starts the built server (dist/; built first with --build or when missing) on a temporary DATA_DIR with the demo
// seed, then drives the system Chromium (Playwright, as the e2e suite does) through the public pages, signed out
// and signed in as a new player, one page at a time, each in a fresh browser context (an empty cache: a first
// visit). Nothing is clicked, typed or hovered. Every script response is counted until the network is quiet: no
// request for --quiet-ms after `load`, bounded by --max-wait-ms. What hydrates or loads on its own after the page
// (on idle, on a timer, once the session is known) is fetched without any interaction, so it is counted too.
// Sizes per script: gzip (level 9) of the body as the budget's unit, brotli (quality 11), and what the server
// actually sent (transfer bytes, its own encoding). `--check` exits 1 when a page is over the 120 KB gzip budget in
// any run (npm test runs it after the build, with `--parallel 4`: four pages at a time, each in its own context, since
// a page's bytes do not depend on the others; its load times do, so the benchmark's own runs keep one at a time). `--verbose` lists each page's scripts, when each was asked for, and
// what each shared chunk is made of (minified bytes per package, from the build's source maps): where to cut.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/browser.mjs";
import { spawnServer } from "../scripts/server-process.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(root, "dist", "client");
const { values: args } = parseArgs({
  options: {
    build: { type: "boolean", default: false },
    check: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
    runs: { type: "string", default: "1" },
    parallel: { type: "string", default: "1" },
    "quiet-ms": { type: "string", default: "2500" },
    "max-wait-ms": { type: "string", default: "20000" },
    json: { type: "string" },
  },
});
const RUNS = Number(args.runs);
const PARALLEL = Math.max(1, Number(args.parallel));
const QUIET_MS = Number(args["quiet-ms"]);
const MAX_WAIT_MS = Number(args["max-wait-ms"]);
const BUDGET_GZIP = 120 * 1024;

if (
  args.build ||
  !fs.existsSync(path.join(clientDir, "index.html")) ||
  !fs.existsSync(path.join(root, "dist", "server", "main.js"))
) {
  execFileSync(process.execPath, [path.join(root, "scripts", "build.mjs"), "--force"], { cwd: root, stdio: "inherit" });
}
const executablePath = findChromium();
if (!executablePath)
  throw new Error("No system Chromium found (scripts/browser.mjs lists where it looks; CHROMIUM_PATH names another).");

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Sizes of a script body: the budget's gzip (level 9) and brotli (quality 11); the same body always gives the same. */
const compressedSizes = new Map();
function sizesOf(url, body) {
  if (!compressedSizes.has(url)) {
    compressedSizes.set(url, {
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return compressedSizes.get(url);
}

/**
 * Opens `url` in a fresh context (cookies from `storageState`), touches nothing, and records every script response
 * until no request has started or been in flight for QUIET_MS after `load` (at most MAX_WAIT_MS after it).
 */
async function measurePage(browser, url, storageState) {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const started = Date.now();
  let lastActivity = started;
  let inFlight = 0;
  const pending = [];
  const scripts = [];
  const onDone = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  page.on("request", () => {
    inFlight++;
    lastActivity = Date.now();
  });
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  page.on("response", (response) => {
    const request = response.request();
    if (request.resourceType() !== "script" || response.status() !== 200) return;
    const askedAtMs = Date.now() - started;
    pending.push(
      Promise.all([response.body(), request.sizes().catch(() => undefined)]).then(([body, transfer]) =>
        scripts.push({
          url: response.url(),
          askedAtMs,
          ...sizesOf(response.url(), body),
          transfer: transfer?.responseBodySize ?? 0,
        }),
      ),
    );
  });
  try {
    await page.goto(url, { waitUntil: "load" });
    const loadedAtMs = Date.now() - started;
    const loadedAt = Date.now();
    // Waits for quiet by polling the counters the listeners keep; bounded by MAX_WAIT_MS.
    while (Date.now() - loadedAt < MAX_WAIT_MS && (inFlight > 0 || Date.now() - lastActivity < QUIET_MS))
      await page.waitForTimeout(100);
    const quiet = inFlight <= 0 && Date.now() - lastActivity >= QUIET_MS;
    await Promise.all(pending);
    scripts.sort((a, b) => a.askedAtMs - b.askedAtMs);
    return {
      loadedAtMs,
      quiet,
      scripts,
      gzip: sum(scripts, "gzip"),
      brotli: sum(scripts, "brotli"),
      transfer: sum(scripts, "transfer"),
    };
  } finally {
    await context.close();
  }
}

// Base64 VLQ, as source maps write their mappings.
const B64 = Object.fromEntries(
  [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]),
);
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = B64[char];
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** The package a source file belongs to ("react-dom", "@tanstack/query-core"), or "(site)" for our code. */
function owner(source) {
  const i = source.lastIndexOf("node_modules/");
  if (i < 0) return "(site)";
  const parts = source.slice(i + "node_modules/".length).split("/");
  return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Minified characters of a built chunk (`/assets/x.js`) attributed to each package, from its source map. */
function breakdown(file) {
  const mapFile = path.join(clientDir, `${file}.map`);
  if (!fs.existsSync(mapFile)) return [];
  const map = JSON.parse(fs.readFileSync(mapFile, "utf8"));
  const code = fs.readFileSync(path.join(clientDir, file), "utf8").split("\n");
  const totals = new Map();
  let sourceIndex = 0;
  map.mappings.split(";").forEach((line, lineNo) => {
    const length = code[lineNo]?.length ?? 0;
    let column = 0;
    let previous; // [column, sourceIndex]
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const [dc, ds] = decodeSegment(segment);
      column += dc;
      if (previous) totals.set(previous[1], (totals.get(previous[1]) ?? 0) + column - previous[0]);
      if (ds !== undefined) sourceIndex += ds;
      previous = ds === undefined ? undefined : [column, sourceIndex];
      // a segment without a source (generated code) is counted as nobody's
    }
    if (previous) totals.set(previous[1], (totals.get(previous[1]) ?? 0) + length - previous[0]);
  });
  const byOwner = new Map();
  for (const [index, chars] of totals) {
    const name = owner(map.sources[index] ?? "");
    byOwner.set(name, (byOwner.get(name) ?? 0) + chars);
  }
  return [...byOwner.entries()].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => ({ name, bytes }));
}

const loadBefore = os.loadavg();
const server = await spawnServer({
  env: { NODE_ENV: "production", LOG_LEVEL: "warn", REGISTRATIONS_PER_HOUR: "1000" },
  tempPrefix: "arcadium-bench-bundle-",
  readyTimeoutMs: 180_000,
});
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
const report = {
  measuredAt: new Date().toISOString(),
  budget: { jsGzipBytes: BUDGET_GZIP },
  settings: { runs: RUNS, parallel: PARALLEL, quietMs: QUIET_MS, maxWaitMs: MAX_WAIT_MS },
};
try {
  const json = async (p) => {
    const res = await fetch(server.url + p);
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return res.json();
  };
  const [[game], categories] = await Promise.all([json("/api/games?limit=1&sort=popular"), json("/api/categories")]);
  // A player's context: registering gives a session (D11); its cookies are each signed-in page's starting state.
  const signUp = await browser.newContext({ baseURL: server.url });
  const registered = await signUp.request.post("/api/auth/register", {
    data: { username: `bench_${Date.now() % 1e8}`, password: "bench-player-password" },
  });
  if (registered.status() !== 201) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
  const player = await registered.json();
  const signedIn = await signUp.storageState();
  await signUp.close();
  const pages = {
    "/": "/",
    "/games": "/games",
    "/category/{slug}": `/category/${categories[0].slug}`,
    "/game/{id}": `/game/${game.id}`,
    "/leaderboard": "/leaderboard",
    "/profile/{id}": `/profile/${player.id}`,
    "/about": "/about",
  };
  const states = { "signed out": undefined, "signed in": signedIn };
  const samples = {};
  for (let run = 0; run < RUNS; run++) {
    const visits = Object.entries(states).flatMap(([state, storageState]) =>
      Object.entries(pages).map(([name, p]) => ({ state, storageState, name, url: server.url + p })),
    );
    const measured = new Array(visits.length);
    let next = 0;
    const measureNext = async () => {
      while (next < visits.length) {
        const i = next++;
        measured[i] = await measurePage(browser, visits[i].url, visits[i].storageState);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, visits.length) }, measureNext));
    visits.forEach(({ state, name }, i) => ((samples[state] ??= {})[name] ??= []).push(measured[i]));
    if (RUNS > 1) console.error(`run ${run + 1}/${RUNS} done`);
  }
  report.pages = Object.fromEntries(
    Object.entries(samples).map(([state, byPage]) => [
      state,
      Object.fromEntries(
        Object.entries(byPage).map(([name, runs]) => [
          name,
          {
            gzip: median(runs.map((r) => r.gzip)),
            brotli: median(runs.map((r) => r.brotli)),
            transfer: median(runs.map((r) => r.transfer)),
            maxGzip: Math.max(...runs.map((r) => r.gzip)),
            withinBudget: runs.every((r) => r.gzip <= BUDGET_GZIP),
            allQuiet: runs.every((r) => r.quiet),
            runs: runs.map((r) => ({ ...r, scripts: r.scripts.map((s) => ({ ...s, url: new URL(s.url).pathname })) })),
          },
        ]),
      ),
    ]),
  );
} finally {
  await browser.close();
  await server.stop();
}
report.machine = {
  cpus: os.cpus().length,
  node: process.version,
  loadavgBefore: loadBefore,
  loadavgAfter: os.loadavg(),
};

console.log(
  `JavaScript fetched before the first interaction (no input; quiet = no request for ${QUIET_MS} ms after load), median of ${RUNS} run(s):`,
);
console.log(
  `  ${"page".padEnd(18)} ${"state".padEnd(11)} ${"gzip".padStart(9)} ${"brotli".padStart(9)} ${"sent".padStart(9)}  scripts  budget`,
);
for (const [state, byPage] of Object.entries(report.pages)) {
  for (const [name, p] of Object.entries(byPage)) {
    const count = p.runs[0].scripts.length;
    const flags = `${p.withinBudget ? "within" : `OVER (max ${kb(p.maxGzip)})`}${p.allQuiet ? "" : ", not quiet by --max-wait-ms"}`;
    console.log(
      `  ${name.padEnd(18)} ${state.padEnd(11)} ${kb(p.gzip).padStart(9)} ${kb(p.brotli).padStart(9)} ${kb(p.transfer).padStart(9)}  ${String(count).padStart(7)}  ${flags}`,
    );
  }
}
if (args.verbose) {
  // Chunks are named by their hash alone (vite.config.ts): the build manifest says which is which.
  const manifestFile = path.join(clientDir, ".vite", "manifest.json");
  const manifest = fs.existsSync(manifestFile) ? Object.values(JSON.parse(fs.readFileSync(manifestFile, "utf8"))) : [];
  const chunkName = new Map(
    manifest.map((chunk) => [`/${chunk.file}`, chunk.name ?? path.basename(chunk.src ?? chunk.file)]),
  );
  const label = (file) => `${file} (${chunkName.get(file) ?? "?"})`;
  const files = new Set();
  for (const [state, byPage] of Object.entries(report.pages)) {
    for (const [name, p] of Object.entries(byPage)) {
      const r = p.runs[0];
      console.log(`${name} (${state}), load at ${r.loadedAtMs} ms:`);
      for (const s of r.scripts) {
        files.add(s.url);
        console.log(
          `  ${String(s.askedAtMs).padStart(6)} ms  ${label(s.url).padEnd(44)} gzip ${kb(s.gzip).padStart(8)}`,
        );
      }
    }
  }
  for (const file of files) {
    const list = breakdown(file).slice(0, 8);
    if (list.length > 1)
      console.log(
        `Minified bytes of ${label(file)} by package: ${list.map((p) => `${p.name} ${kb(p.bytes)}`).join(", ")}`,
      );
  }
}
const load = (l) => l.map((x) => x.toFixed(2)).join(" ");
console.log(`load average before ${load(loadBefore)}, after ${load(report.machine.loadavgAfter)}`);
if (args.json) fs.writeFileSync(path.resolve(root, args.json), `${JSON.stringify(report, null, 2)}\n`);

// `--check` (npm test, after the build): a public page over the D73 budget in any run fails, so that a change that
// pushes a page over is seen at once.
if (args.check) {
  const failures = Object.entries(report.pages).flatMap(([state, byPage]) =>
    Object.entries(byPage)
      .filter(([, p]) => !p.withinBudget)
      .map(([name, p]) => `${name} ${state} ${kb(p.maxGzip)} (budget ${kb(BUDGET_GZIP)})`),
  );
  if (failures.length) {
    console.error(`Over the JavaScript budget (D73): ${failures.join(", ")}`);
    process.exit(1);
  }
}
