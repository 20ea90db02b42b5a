// Issue 13 item 6 (D73): what a public page loads before the first interaction, and what it is made of.
//
//   node bench/bundle.mjs [--build] [--json bench/results/bundle.json]
//
// Reads the built client (dist/client; --build builds it first): the scripts and stylesheets that
// index.html loads at once (every public page starts from it), and for each public page the chunk of its
// screen with everything that chunk imports (from Vite's manifest: the page's main script loads them before
// it hydrates, src/client/main.tsx). That sum is what a page loads before the first interaction, against
// the 120 KB gzip budget. The parts that hydrate on their own afterwards (the header's menus, the toasts)
// are listed apart. Sizes: raw, gzip (level 9), brotli (quality 11); from the build's source maps, how many
// minified bytes of each chunk come from each package (or from the site's own code): where to cut.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(root, "dist", "client");
const args = process.argv.slice(2);
const jsonOut = args.includes("--json") ? args[args.indexOf("--json") + 1] : undefined;
const BUDGET_GZIP = 120 * 1024;

if (args.includes("--build") || !fs.existsSync(path.join(clientDir, "index.html"))) {
  execFileSync(process.execPath, [path.join(root, "scripts", "build.mjs"), "--force"], { cwd: root, stdio: "inherit" });
}

const html = fs.readFileSync(path.join(clientDir, "index.html"), "utf8");
const initial = [
  ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<script src="(\/[^"]+)"/g)].map((m) => m[1]),
];
const lazy = fs
  .readdirSync(path.join(clientDir, "assets"))
  .filter((f) => f.endsWith(".js") && !initial.includes(`/assets/${f}`))
  .map((f) => `/assets/${f}`);

const sizes = (file) => {
  const data = fs.readFileSync(path.join(clientDir, file));
  return {
    raw: data.length,
    gzip: zlib.gzipSync(data, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};

// Base64 VLQ, as source maps write their mappings.
const B64 = Object.fromEntries([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]));
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

/** Minified characters of a chunk attributed to each package, from its source map. */
function breakdown(file) {
  const mapFile = path.join(clientDir, `${file}.map`);
  if (!fs.existsSync(mapFile)) return undefined;
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

const files = initial.map((file) => ({ file, kind: file.endsWith(".css") ? "css" : "js", ...sizes(file) }));
const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
const js = files.filter((f) => f.kind === "js");
const css = files.filter((f) => f.kind === "css");
const t0 = { raw: sum(js, "raw"), gzip: sum(js, "gzip"), brotli: sum(js, "brotli") };
const report = {
  measuredAt: new Date().toISOString(),
  budget: { jsGzipBytes: BUDGET_GZIP },
  beforeInteraction: {
    js: { raw: sum(js, "raw"), gzip: sum(js, "gzip"), brotli: sum(js, "brotli") },
    css: { raw: sum(css, "raw"), gzip: sum(css, "gzip"), brotli: sum(css, "brotli") },
    withinBudget: sum(js, "gzip") <= BUDGET_GZIP,
  },
  files,
  lazy: lazy.map((file) => ({ file, ...sizes(file) })),
  packages: Object.fromEntries(js.map((f) => [f.file, (breakdown(f.file) ?? []).slice(0, 15)])),
};

// Issue 13 item 6: per page, the shared scripts plus its screen's chunk and that chunk's static imports.
const manifestFile = path.join(clientDir, ".vite", "manifest.json");
const manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, "utf8")) : undefined;
/** The chunk files a manifest entry loads with it (itself and its static imports, recursively). */
function closure(key, seen = new Set()) {
  const entry = manifest?.[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}
const chunkFiles = (keys) => [...new Set([...keys].map((k) => `/${manifest[k].file}`))];
const PAGES = {
  "/": "app/routes/home.tsx",
  "/games": "app/routes/all-games.tsx",
  "/game/{id}": "app/routes/game-detail.tsx",
  "/category/{slug}": "app/routes/category.tsx",
  "/collection/{slug}": "app/routes/collection.tsx",
  "/leaderboard": "app/routes/leaderboard.tsx",
  "/profile/{id}": "app/routes/profile.tsx",
  "/about": "app/routes/about.tsx",
  "/privacy-policy": "app/routes/privacy-policy.tsx",
  "/login": "app/routes/login.tsx",
};
const AFTER_HYDRATION = ["app/layouts/theme-toggle.tsx", "app/layouts/account-menus.tsx", "components/ui/toaster.tsx"];
const initialJs = new Set(js.map((f) => f.file));
const extraOf = (keys) => chunkFiles(keys).filter((f) => !initialJs.has(f));
if (manifest) {
  report.pages = Object.fromEntries(
    Object.entries(PAGES).map(([page, source]) => {
      const extra = extraOf(closure(source)).map((file) => ({ file, ...sizes(file) }));
      const total = { raw: t0.raw + sum(extra, "raw"), gzip: t0.gzip + sum(extra, "gzip"), brotli: t0.brotli + sum(extra, "brotli") };
      return [page, { screenChunks: extra, js: total, withinBudget: total.gzip <= BUDGET_GZIP }];
    }),
  );
  const later = new Set();
  for (const source of AFTER_HYDRATION) for (const k of closure(source)) later.add(k);
  const laterFiles = extraOf(later).map((file) => ({ file, ...sizes(file) }));
  report.afterHydration = { files: laterFiles, gzip: sum(laterFiles, "gzip"), brotli: sum(laterFiles, "brotli") };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log("Loaded by every public page before interaction (index.html):");
for (const f of files) console.log(`  ${f.file.padEnd(40)} raw ${kb(f.raw).padStart(9)}  gzip ${kb(f.gzip).padStart(8)}  br ${kb(f.brotli).padStart(8)}`);
const t = report.beforeInteraction;
console.log(`  JavaScript: gzip ${kb(t.js.gzip)}, brotli ${kb(t.js.brotli)} (budget ${kb(BUDGET_GZIP)} gzip: ${t.withinBudget ? "within" : "over"})`);
console.log(`  CSS: gzip ${kb(t.css.gzip)}, brotli ${kb(t.css.brotli)}`);
if (report.pages) {
  console.log("Per page: the shared scripts above plus the screen's chunks, before the first interaction (JavaScript):");
  for (const [page, p] of Object.entries(report.pages)) {
    console.log(
      `  ${page.padEnd(18)} gzip ${kb(p.js.gzip).padStart(8)}  br ${kb(p.js.brotli).padStart(8)}  (screen +${kb(p.js.gzip - t0.gzip)} gzip) ${p.withinBudget ? "within" : "OVER"} budget`,
    );
  }
  const a = report.afterHydration;
  console.log(`Hydrated on their own after the page (header menus, toasts): gzip ${kb(a.gzip)}, brotli ${kb(a.brotli)}`);
}
if (args.includes("--verbose")) console.log("Lazy chunks:", report.lazy.map((f) => `${f.file} ${kb(f.gzip)} gzip`).join(", ") || "none");
for (const [file, list] of Object.entries(report.packages)) {
  if (!list.length) continue;
  console.log(`Minified bytes of ${file} by package:`);
  for (const p of list) console.log(`  ${p.name.padEnd(32)} ${kb(p.bytes).padStart(9)}`);
}
if (jsonOut) fs.writeFileSync(path.resolve(root, jsonOut), `${JSON.stringify(report, null, 2)}\n`);

// `--check` (npm test, after the build): a public page over the D73 budget fails the run, so that a change that
// pushes a page over is seen at once (issue 15 found /game/{id} had gone over in an earlier change unnoticed).
if (args.includes("--check")) {
  const over = Object.entries(report.pages ?? {}).filter(([, p]) => !p.withinBudget);
  if (!report.beforeInteraction.withinBudget || over.length) {
    console.error(`Over the ${kb(BUDGET_GZIP)} gzip budget (D73): ${over.map(([page, p]) => `${page} ${kb(p.js.gzip)}`).join(", ") || "the shared scripts"}`);
    process.exit(1);
  }
}
