// Shared by start.mjs, build.mjs and test.mjs: builds the server bundle and the client, and tells
// whether the existing build is up to date (so that a second `npm start` reuses it).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = path.join(root, "dist", ".build-stamp");
const inputs = ["src", "vite.config.ts", "package.json", "package-lock.json", "tsconfig.json", "scripts/build-lib.mjs"];

function walk(p, out) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return;
  }
  if (st.isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      walk(path.join(p, name), out);
    }
  } else if (!/\.test\.tsx?$/.test(p)) {
    out.push(`${path.relative(root, p)}:${st.size}:${Math.floor(st.mtimeMs)}`);
  }
}

export function sourceFingerprint() {
  const files = [];
  for (const i of inputs) walk(path.join(root, i), files);
  return crypto.createHash("sha256").update(files.join("\n")).digest("hex");
}

export function buildIsFresh() {
  try {
    return (
      fs.readFileSync(stampFile, "utf8") === sourceFingerprint() &&
      fs.existsSync(path.join(root, "dist", "server", "main.js")) &&
      fs.existsSync(path.join(root, "dist", "client", "index.html")) &&
      fs.existsSync(path.join(root, "dist", "ssr", "entry-server.js")) &&
      fs.existsSync(databaseTemplateFile)
    );
  } catch {
    return false;
  }
}

/** How every server-side entry is bundled: ESM for Node 20, its packages left to node_modules. */
const SERVER_BUNDLE = { bundle: true, platform: "node", format: "esm", target: "node20", packages: "external" };

export async function buildServer({ watch = false } = {}) {
  const esbuild = await import("esbuild");
  const options = {
    ...SERVER_BUNDLE,
    entryPoints: [path.join(root, "src", "server", "main.ts")],
    outfile: path.join(root, "dist", "server", "main.js"),
    sourcemap: true,
    logLevel: "warning",
  };
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
    return ctx;
  }
  await esbuild.build(options);
}

/**
 * A command-line tool written in TypeScript (src/server/*-cli.ts), bundled like the server into dist/tools/ and
 * imported: the `npm run` scripts that run one need no TypeScript loader.
 * @param {string} entry the path under src/server/
 */
export async function loadServerTool(entry) {
  const esbuild = await import("esbuild");
  const outfile = path.join(root, "dist", "tools", entry.replace(/\.ts$/, ".js"));
  await esbuild.build({
    ...SERVER_BUNDLE,
    entryPoints: [path.join(root, "src", "server", entry)],
    outfile,
    logLevel: "warning",
  });
  return import(pathToFileURL(outfile).href);
}

export async function buildClient() {
  const { build } = await import("vite");
  await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
  precompressAssets(path.join(root, "dist", "client", "assets"));
  await buildPageRenderer();
}

/**
 * D70: the same screens built for Node, which the server loads to render the public pages
 * (src/client/entry-server.tsx → dist/ssr/entry-server.js). Every package is bundled in, so that React's
 * production build is the one that runs (the server does not set NODE_ENV) and nothing depends on how a
 * package's CommonJS exports look to Node.
 */
export async function buildPageRenderer() {
  const { build } = await import("vite");
  await build({
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "warn",
    mode: "production",
    build: {
      ssr: path.join(root, "src", "client", "entry-server.tsx"),
      outDir: path.join(root, "dist", "ssr"),
      emptyOutDir: true,
      copyPublicDir: false,
      sourcemap: true,
      rolldownOptions: { output: { codeSplitting: false } },
    },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    ssr: { noExternal: true, target: "node" },
  });
}

/**
 * D73: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * text asset of at least 1 KB, once at build time; the server sends them as they are to clients that accept
 * them (@fastify/static's preCompressed), instead of compressing the same bytes for every visitor.
 * Source maps are left out: browsers fetch them only with the developer tools open.
 * @param {string} dir
 */
export function precompressAssets(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|mjs|css|svg|json|html|txt|wasm)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    if (body.length < 1024) continue;
    const brotli = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: brotli }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  }
}

/** D163: where buildDatabaseTemplate writes the empty database (src/server/boot.ts reads it). */
export const databaseTemplateFile = path.join(root, "dist", "pglite", "empty-database.tar.gz");

/**
 * D163: an empty PGlite database, made once here, that the server unpacks into a new data folder instead of running
 * initdb at its first start: initdb runs a second PGlite and initdb.wasm beside the first and took the server's
 * process to 750–800 MB, unpacking this stays near 300 MB. The same PGlite version makes and opens it (the build's
 * fingerprint covers package-lock.json).
 */
export async function buildDatabaseTemplate() {
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create();
  const dump = await pglite.dumpDataDir("gzip");
  await pglite.close();
  fs.mkdirSync(path.dirname(databaseTemplateFile), { recursive: true });
  fs.writeFileSync(databaseTemplateFile, Buffer.from(await dump.arrayBuffer()));
}

export async function buildAll({ force = false, log = console.log } = {}) {
  if (!force && buildIsFresh()) return false;
  const fingerprint = sourceFingerprint();
  log("Building Arcadium (client and server)…");
  const t0 = Date.now();
  await buildServer();
  await buildClient();
  await buildDatabaseTemplate();
  fs.writeFileSync(stampFile, fingerprint);
  log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  return true;
}
