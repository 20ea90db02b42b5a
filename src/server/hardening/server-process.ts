import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { repoRoot } from "../../test/test-app";

/**
 * Test-only: runs the BUILT server (dist/server/main.js) as a child process, as `npm start` does,
 * on free ports. Used by the lifecycle suite (issue 8) to send real signals.
 */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Makes sure dist/server/main.js is built from the current server sources. Only the server bundle
 * is rebuilt (esbuild, about a second), never the client: the API does not need it, and other
 * people's client work in progress must not break this suite.
 */
export async function ensureServerBuilt(): Promise<string> {
  const bundle = path.join(repoRoot, "dist", "server", "main.js");
  const sources = Math.max(newestMtime(path.join(repoRoot, "src", "server")), newestMtime(path.join(repoRoot, "src", "contract")));
  const built = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
  if (built < sources) {
    const lib = (await import(path.join(repoRoot, "scripts", "build-lib.mjs"))) as { buildServer(): Promise<void> };
    await lib.buildServer();
  }
  return bundle;
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** resolves with the exit code once the process has exited */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
};

export async function startBuiltServer(opts: { dataDir: string; databaseUrl?: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const bundle = await ensureServerBuilt();
  const port = await freePort();
  const gamesPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["--enable-source-maps", bundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      GAMES_PORT: String(gamesPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      GAMES_URL: `http://localhost:${gamesPort}`,
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? "",
      LOG_LEVEL: "info",
      ARCADIUM_BANNER: "0",
      SEED_DEMO: "false",
      REGISTRATIONS_PER_HOUR: "100000",
      PLAYS_PER_MINUTE: "100000",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { url, port, child, output: () => output, exited, kill: (signal) => child.kill(signal) };
}

/** A new PostgreSQL database on TEST_DATABASE_URL (dropped by the returned function). */
export async function createScratchPostgres(): Promise<{ url: string; name: string; admin: string; drop(): Promise<void> }> {
  const { default: pg } = await import("pg");
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `arcadium_test_${crypto.randomBytes(6).toString("hex")}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    admin,
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}
