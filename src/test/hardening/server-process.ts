import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
// @ts-expect-error: plain ES module without types
import * as serverProcess from "../../../scripts/server-process.mjs";
import { embeddedDatabaseDir } from "../../server/boot";
import { writePgliteCopy } from "../pglite-templates";
import { repoRoot } from "../test-app";

/**
 * Test-only: runs the BUILT server (dist/server/main.js) as a child process, as `npm start` does,
 * on free ports. Used by the lifecycle suite to send real signals.
 */

export const freePort: () => Promise<number> = serverProcess.freePort;

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
  const sources = Math.max(
    newestMtime(path.join(repoRoot, "src", "server")),
    newestMtime(path.join(repoRoot, "src", "contract")),
  );
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

export async function startBuiltServer(opts: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  await ensureServerBuilt();
  const server: { url: string; port: number; child: ChildProcess; logs(): string; exited: Promise<number | null> } =
    await serverProcess.spawnServer({
      root: repoRoot,
      dataDir: opts.dataDir,
      databaseUrl: opts.databaseUrl,
      pollMs: 150,
      env: {
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        SEED_DEMO: "false",
        REGISTRATIONS_PER_HOUR: "100000",
        PLAYS_PER_MINUTE: "100000",
        ...opts.env,
      },
    });
  const { url, port, child, exited } = server;
  return { url, port, child, output: server.logs, exited, kill: (signal) => child.kill(signal) };
}

/** A new PostgreSQL database on TEST_DATABASE_URL (dropped by the returned function). */
export function createScratchPostgres(): Promise<{ url: string; name: string; admin: string; drop(): Promise<void> }> {
  return serverProcess.createScratchDatabase(process.env.TEST_DATABASE_URL!, "arcadium_test");
}

/**
 * Fills the empty DATA_DIR `dataDir` with what the built server's first start would make (SEED_DEMO=false): a migrated
 * embedded database holding the plain seed, and the seed's files. It is a copy of the API tests' template: making one
 * from nothing costs the server about 9 CPU-seconds, a copy about one. For tests of what a server does once it runs;
 * the first start itself is src/server/first-start.test.ts's. Without the global setup it leaves `dataDir` empty, and
 * the server makes its database itself.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  await writePgliteCopy("plain", dataDir, embeddedDatabaseDir(dataDir));
}
