import type { ChildProcess } from "node:child_process";
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
  tempPrefix?: string;
  databaseUrl?: string;
  publicHost?: "localhost" | "127.0.0.1";
  env?: Record<string, string>;
  sourceMaps?: boolean;
}) => Promise<SpawnedServer> = serverProcess.spawnServer;
export const freePort: () => Promise<number> = serverProcess.freePort;
export const createScratchDatabase: (adminUrl: string, prefix: string) => Promise<{ url: string; drop(): Promise<void> }> = serverProcess.createScratchDatabase;

export type RunningServer = { url: string; gamesUrl: string; dataDir: string; process: ChildProcess; stop(): Promise<void>; logs(): string };

/** Starts the built server (dist/server/main.js) on free ports with a temporary DATA_DIR (issue 2, item 9). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await spawnServer({
    publicHost: "localhost",
    tempPrefix: "arcadium-e2e-",
    env: {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      // Every e2e request comes from 127.0.0.1: the per-address registration limit is raised here only.
      REGISTRATIONS_PER_HOUR: "10000",
      PLAYS_PER_MINUTE: "10000",
      ...env,
    },
  });
  return { url: server.url, gamesUrl: server.gamesUrl, dataDir: server.dataDir, process: server.child, logs: server.logs, stop: () => server.stop() };
}
