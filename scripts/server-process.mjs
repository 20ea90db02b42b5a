// Shared by the end-to-end tests (e2e/server.ts), the lifecycle tests (src/server/hardening) and the
// benchmarks (bench/): runs the BUILT server (dist/server/main.js) as a child process on free ports,
// as `npm start` does, and makes scratch PostgreSQL databases.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { root as ownRoot } from "./build-lib.mjs";
import { SERVER_NODE_ARGS, serverEnv } from "./server-runtime.mjs";

/** A free TCP port on 127.0.0.1. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @typedef {object} SpawnOptions
 * @property {string} [root] the checkout whose dist/server/main.js runs (its cwd too); default: this one
 * @property {number} [port] default: a free port (a fixed one lets a restart keep the address)
 * @property {number} [gamesPort] default: a free port
 * @property {string} [dataDir] DATA_DIR; default: a new temporary folder, removed by stop()
 * @property {string} [tempPrefix] the name of that temporary folder (default "arcadium-server-")
 * @property {string} [fromDataDir] a DATA_DIR (of a stopped server) copied into DATA_DIR before the start: the
 *   server then opens a migrated, seeded database instead of creating one (the e2e tests make one such template
 *   in their global setup, as a new PGlite database's first start costs many seconds of CPU)
 * @property {string} [databaseUrl] DATABASE_URL; default "" (PGlite in DATA_DIR)
 * @property {"localhost" | "127.0.0.1"} [publicHost] the host name of PUBLIC_URL (default 127.0.0.1); GAMES_URL
 *   uses the other one, so that the games origin is another site (cookies and CSRF Origin checks depend on it)
 * @property {string} [gamesHost] the host name of GAMES_URL instead of that other one, e.g. "g{id}.localhost" for an
 *   origin per game (D79; GAMES_URL is then http://g{id}.localhost:{gamesPort})
 * @property {Record<string, string>} [env] more variables (NODE_ENV, LOG_LEVEL, …); they override the ones above
 * @property {"pipe" | "inherit"} [stdio] "pipe" collects the output for logs(); default "pipe"
 * @property {boolean} [sourceMaps] run node with --enable-source-maps (default true)
 * @property {number} [readyTimeoutMs] how long /readyz may take to answer 200 (default 60 s)
 * @property {number} [pollMs] how often /readyz is asked (default 100 ms)
 */

/**
 * @typedef {object} SpawnedServer
 * @property {string} url PUBLIC_URL
 * @property {string} gamesUrl GAMES_URL (with gamesHost's {id}, the template of the games' origins)
 * @property {number} port
 * @property {number} gamesPort
 * @property {string} dataDir
 * @property {import("node:child_process").ChildProcess} child
 * @property {() => string} logs what the process wrote so far (always "" with stdio "inherit")
 * @property {Promise<number | null>} exited resolves with the exit code once the process has exited
 * @property {(graceMs?: number) => Promise<void>} stop SIGTERM, then SIGKILL if it still runs after graceMs
 *   (default 10 s; Infinity waits for the exit); then removes the temporary DATA_DIR, if spawnServer made it
 */

/**
 * Starts the built server and waits until /readyz answers 200. Throws, with the process's output, if it
 * exits first or the deadline passes (it is then killed).
 * @param {SpawnOptions} [opts]
 * @returns {Promise<SpawnedServer>}
 */
export async function spawnServer(opts = {}) {
  const root = opts.root ?? ownRoot;
  const ownDataDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), opts.tempPrefix ?? "arcadium-server-")));
  if (opts.fromDataDir) await fs.cp(opts.fromDataDir, dataDir, { recursive: true });
  const removeDataDir = async () => {
    if (ownDataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
  // A free port is free when asked, not necessarily when the server binds it: another process (a parallel test)
  // may take it in between. Ports chosen here are then chosen again (a port the caller fixed is not).
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await freePort());
    const gamesPort = opts.gamesPort ?? (await freePort());
    try {
      return await startOn(opts, { root, port, gamesPort, dataDir, removeDataDir });
    } catch (err) {
      const portsOurs = opts.port === undefined || opts.gamesPort === undefined;
      if (!(err instanceof AddressInUse) || !portsOurs || attempt >= 3) {
        await removeDataDir();
        throw err;
      }
    }
  }
}

class AddressInUse extends Error {}

/**
 * One start of the server on these ports.
 * @param {SpawnOptions} opts
 * @param {{ root: string, port: number, gamesPort: number, dataDir: string, removeDataDir: () => Promise<void> }} at
 * @returns {Promise<SpawnedServer>}
 */
async function startOn(opts, { root, port, gamesPort, dataDir, removeDataDir }) {
  const publicHost = opts.publicHost ?? "127.0.0.1";
  const url = `http://${publicHost}:${port}`;
  const gamesUrl = `http://${opts.gamesHost ?? (publicHost === "localhost" ? "127.0.0.1" : "localhost")}:${gamesPort}`;
  // the process as `npm start` runs it (D163), with source maps unless turned off
  const args = [
    ...SERVER_NODE_ARGS,
    ...(opts.sourceMaps === false ? [] : ["--enable-source-maps"]),
    path.join(root, "dist", "server", "main.js"),
  ];
  const stdio = opts.stdio ?? "pipe";
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...serverEnv(process.env),
      PORT: String(port),
      GAMES_PORT: String(gamesPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      GAMES_URL: gamesUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? "",
      ARCADIUM_BANNER: "0",
      ...opts.env,
    },
    stdio: ["ignore", stdio, stdio],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  let running = true;
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) =>
    child.once("exit", (code) => {
      running = false;
      resolve(code);
    }),
  );

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (!running) {
      const message = `server exited (${child.exitCode}):\n${output}`;
      throw /EADDRINUSE/.test(output) ? new AddressInUse(message) : new Error(message);
    }
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become ready:\n${output}`);
    }
    await sleep(opts.pollMs ?? 100);
  }

  return {
    url,
    gamesUrl,
    port,
    gamesPort,
    dataDir,
    child,
    logs: () => output,
    exited,
    stop: async (graceMs = 10_000) => {
      if (running) {
        child.kill("SIGTERM");
        /** @type {NodeJS.Timeout | undefined} */
        let timer;
        const grace = Number.isFinite(graceMs) ? new Promise((r) => (timer = setTimeout(r, graceMs))) : exited;
        await Promise.race([exited, grace]);
        clearTimeout(timer);
        if (running) child.kill("SIGKILL");
      }
      await removeDataDir();
    },
  };
}

/**
 * Runs one statement on its own connection.
 * @param {string} connectionString
 * @param {string} statement
 */
async function runOnce(connectionString, statement) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database, created through an administrative connection.
 * @param {string} adminUrl e.g. postgres://postgres@127.0.0.1:5432/postgres
 * @param {string} [prefix] the start of its name (a random suffix follows)
 * @returns {Promise<{ url: string; name: string; admin: string; drop(): Promise<void> }>} drop() removes it (force)
 */
export async function createScratchDatabase(adminUrl, prefix = "arcadium_scratch") {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`not a database name prefix: ${prefix}`);
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  await runOnce(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    admin: adminUrl,
    drop: () => runOnce(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
