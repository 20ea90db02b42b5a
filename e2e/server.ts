import type { ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
// @ts-expect-error: plain ES module without types
import * as serverProcess from "../scripts/server-process.mjs";

/** What the specs use of scripts/server-process.mjs (its JSDoc types do not reach TypeScript). */
export type SpawnedServer = {
  url: string;
  gamesUrl: string;
  port: number;
  gamesPort: number;
  dataDir: string;
  child: ChildProcess;
  logs(): string;
  exited: Promise<number | null>;
  stop(graceMs?: number): Promise<void>;
};
export const spawnServer: (opts: {
  port?: number;
  gamesPort?: number;
  dataDir?: string;
  fromDataDir?: string;
  tempPrefix?: string;
  databaseUrl?: string;
  publicHost?: "localhost" | "127.0.0.1";
  gamesHost?: string;
  env?: Record<string, string>;
  sourceMaps?: boolean;
  readyTimeoutMs?: number;
}) => Promise<SpawnedServer> = serverProcess.spawnServer;
export const freePort: () => Promise<number> = serverProcess.freePort;
export const createScratchDatabase: (
  adminUrl: string,
  prefix: string,
) => Promise<{ url: string; drop(): Promise<void> }> = serverProcess.createScratchDatabase;

export type RunningServer = {
  url: string;
  gamesUrl: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
  logs(): string;
};

/** The environment of every e2e server; `env` of startServer adds to it. */
const E2E_ENV = {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  // Every e2e request comes from 127.0.0.1: the per-address registration limit is raised here only.
  REGISTRATIONS_PER_HOUR: "10000",
  PLAYS_PER_MINUTE: "10000",
  // The specs register a few hundred players: at D12's cost (N=2^17) each hash is 0.4 CPU-s on a 2-core machine,
  // at 2^12 (the API tests' cost) 0.01 s. No spec checks the cost itself, only that passwords work.
  PASSWORD_HASH_COST: "12",
};

/**
 * DATA_DIR templates, made once by the global setup and copied for each server the specs start:
 * - "empty": a new PGlite database, neither migrated nor seeded (a server started on a copy migrates it
 *   and seeds it as its own SEED_DEMO says, as on a first start);
 * - "demo": the data folder of a stopped server that has migrated and seeded it (demo data included).
 * A new PGlite database's first start (its initdb) costs 10–30 s of CPU on a 2-core machine, seeding the
 * demo data 5–15 s more; opening a copy costs a few seconds. Their paths reach the workers through
 * environment variables (useTemplates).
 */
export type Template = "empty" | "demo";
const TEMPLATE_ENV: Record<Template, string> = { empty: "E2E_TEMPLATE_EMPTY", demo: "E2E_TEMPLATE_DEMO" };

/** The template's folder, or undefined when no global setup made it (a server then starts from nothing). */
export const templateDir = (template: Template): string | undefined => process.env[TEMPLATE_ENV[template]] || undefined;

/** Makes the "empty" template: what the server's createDb does on a first start (src/server/boot.ts: PGlite in DATA_DIR/db). */
export async function makeEmptyTemplate(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-e2e-template-empty-"));
  try {
    const db = await PGlite.create(path.join(dir, "db"));
    await db.close();
  } catch (err) {
    await removeTemplate(dir);
    throw err;
  }
  return dir;
}

/** Makes the "demo" template from the "empty" one: a server migrates and seeds a copy, then stops cleanly. */
export async function makeDemoTemplate(empty: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-e2e-template-demo-"));
  try {
    const seeding = await spawnServer({
      dataDir: dir,
      fromDataDir: empty,
      publicHost: "localhost",
      env: E2E_ENV,
      readyTimeoutMs: 180_000,
    });
    await seeding.stop(Infinity);
    const code = await seeding.exited;
    if (code !== 0) throw new Error(`the server that seeded the demo template exited with ${code}:\n${seeding.logs()}`);
  } catch (err) {
    await removeTemplate(dir);
    throw err;
  }
  return dir;
}

/** Tells startServer (here and in the workers, which inherit the environment) where the templates are. */
export function useTemplates(dirs: Record<Template, string>) {
  for (const t of ["empty", "demo"] as const) process.env[TEMPLATE_ENV[t]] = dirs[t];
}

export const removeTemplate = (dir: string) => fs.rm(dir, { recursive: true, force: true });

/**
 * Starts the built server (dist/server/main.js) on free ports with a temporary DATA_DIR:
 * a copy of `fromDataDir`, by default of the "demo" template, or of the "empty" one with SEED_DEMO=false.
 * `options.gamesHost` is GAMES_URL's host name (e.g. "g{id}.localhost": an origin per game, D79).
 */
export async function startServer(
  env: Record<string, string> = {},
  fromDataDir: string | undefined = templateDir(env.SEED_DEMO === "false" ? "empty" : "demo"),
  options: { gamesHost?: string } = {},
): Promise<RunningServer> {
  const server = await spawnServer({
    publicHost: "localhost",
    tempPrefix: "arcadium-e2e-",
    fromDataDir,
    env: { ...E2E_ENV, ...env },
    gamesHost: options.gamesHost,
    // a copy of a migrated template is ready in 2–5 s; at a load average of 10 the first start took over 60 s
    readyTimeoutMs: 120_000,
  });
  return {
    url: server.url,
    gamesUrl: server.gamesUrl,
    dataDir: server.dataDir,
    process: server.child,
    logs: server.logs,
    stop: () => server.stop(),
  };
}
