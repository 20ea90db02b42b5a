// Object storage benchmark (issue 28, D162): one game package file served by the games origin from the disk
// (DiskStore over DATA_DIR) next to the same file served from an S3 bucket (S3Store), in one run.
//
// Usage: node bench/storage.mjs [--rounds 3] [--seconds 8] [--connections 16] [--size 262144] [--out file]
//
// Three processes besides this one: an S3 server (s3rver, the one the tests use, keeping its objects on this
// machine's disk), a games origin with DATA_DIR and one with STORAGE_URL, each the real buildGamesApp. Round after
// round (interleaved, so that a noisy moment hurts both alike) autocannon asks each for /game-frame/1/app.js for
// `--seconds` without Accept-Encoding (no compression). The report gives per target and round the requests per
// second and p99 latency with the 1-minute load average before it, and their medians. Prints JSON; `--out file`
// also writes it there. The bucket is on the same machine: a remote one adds its network round trip.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { freePort } from "../scripts/server-process.mjs";
import { importServerModules } from "./lib.mjs";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "16" },
    size: { type: "string", default: "262144" },
    out: { type: "string" },
    // child roles
    serve: { type: "string" },
    s3rver: { type: "string" },
    data: { type: "string" },
    storage: { type: "string" },
    port: { type: "string" },
  },
});
const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), "..");
const BUCKET = "bench";
const KEY = "S3RVER";

const loadModules = () =>
  importServerModules(
    (src) => `
export { loadConfig } from ${src("config.ts")};
export { buildGamesApp } from ${src("games-origin.ts")};
export { openFileStore } from ${src("services/open-file-store.ts")};
export { S3Store } from ${src("services/s3-store.ts")};
export { parseStorageUrl } from ${src("services/storage-url.ts")};
`,
  );

if (args.s3rver) {
  const { default: S3rver } = await import("s3rver");
  await new S3rver({
    address: "127.0.0.1",
    port: Number(args.port),
    silent: true,
    directory: args.s3rver,
    configureBuckets: [{ name: BUCKET }],
  }).run();
  console.log("ready");
} else if (args.serve) {
  const { modules: m, tmp } = await loadModules();
  const port = Number(args.port);
  const env = {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_DIR: args.data,
    PUBLIC_URL: "http://localhost:1",
    GAMES_URL: `http://127.0.0.1:${port}`,
    ...(args.storage ? { STORAGE_URL: args.storage } : {}),
  };
  const config = m.loadConfig(env, root);
  const app = await m.buildGamesApp({ config, files: m.openFileStore(config) });
  await app.listen({ port, host: "127.0.0.1" });
  await fs.rm(tmp, { recursive: true, force: true });
  console.log("ready");
} else {
  await main();
}

function child(argv) {
  const proc = spawn(process.execPath, [self, ...argv], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    proc.stdout.on("data", (chunk) => {
      if (String(chunk).includes("ready")) resolve(proc);
    });
    proc.on("exit", (code) => reject(new Error(`${argv.join(" ")} exited with ${code}`)));
  });
}

async function main() {
  const { default: autocannon } = await import("autocannon");
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-bench-storage-"));
  const children = [];
  try {
    const dataDir = path.join(scratch, "data");
    const gameDir = path.join(dataDir, "games", "1");
    await fs.mkdir(gameDir, { recursive: true });
    // A script of the size asked, text as a game's bundle is.
    const body = crypto.randomBytes(Number(args.size)).toString("base64").slice(0, Number(args.size));
    await fs.writeFile(path.join(gameDir, "app.js"), body);
    await fs.writeFile(path.join(gameDir, "index.html"), "<script src='app.js'></script>");

    const s3Port = await freePort();
    children.push(await child(["--s3rver", path.join(scratch, "s3"), "--port", String(s3Port)]));
    const storageUrl = `http://${KEY}:${KEY}@127.0.0.1:${s3Port}/${BUCKET}`;
    const { modules: m, tmp } = await loadModules();
    const bucket = new m.S3Store(m.parseStorageUrl(storageUrl));
    for (const name of ["app.js", "index.html"])
      await bucket.put(`games/1/${name}`, await fs.readFile(path.join(gameDir, name)));
    bucket.close();
    await fs.rm(tmp, { recursive: true, force: true });

    const targets = [];
    for (const kind of ["disk", "s3"]) {
      const port = await freePort();
      children.push(
        await child([
          "--serve",
          kind,
          "--data",
          dataDir,
          "--port",
          String(port),
          ...(kind === "s3" ? ["--storage", storageUrl] : []),
        ]),
      );
      const url = `http://127.0.0.1:${port}/game-frame/1/app.js`;
      const check = await fetch(url);
      if (check.status !== 200 || (await check.text()) !== body)
        throw new Error(`${kind}: ${url} did not serve the file`);
      targets.push({ kind, url, runs: [] });
    }

    const run = (url, seconds) =>
      autocannon({ url, connections: Number(args.connections), duration: seconds }).then((r) => ({
        rps: r.requests.average,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      }));
    for (const target of targets) await run(target.url, 2);
    for (let round = 1; round <= Number(args.rounds); round++) {
      for (const target of targets) {
        const loadavg = Number(os.loadavg()[0].toFixed(2));
        const result = await run(target.url, Number(args.seconds));
        target.runs.push({ round, loadavg, ...result });
        console.error(
          `round ${round} ${target.kind}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms (load ${loadavg})`,
        );
      }
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      options: {
        rounds: Number(args.rounds),
        seconds: Number(args.seconds),
        connections: Number(args.connections),
        bytes: body.length,
      },
      targets: targets.map((t) => ({
        kind: t.kind,
        medianRps: median(t.runs.map((r) => r.rps)),
        medianP99: median(t.runs.map((r) => r.p99)),
        runs: t.runs,
      })),
    };
    const [disk, s3] = report.targets;
    report.s3OverDisk = {
      rps: Number((s3.medianRps / disk.medianRps).toFixed(2)),
      p99: Number((s3.medianP99 / disk.medianP99).toFixed(2)),
    };
    const text = JSON.stringify(report, null, 2);
    console.log(text);
    if (args.out) await fs.writeFile(args.out, text);
  } finally {
    for (const proc of children) proc.kill("SIGTERM");
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
