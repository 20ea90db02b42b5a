import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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

export type RunningServer = { url: string; gamesUrl: string; dataDir: string; process: ChildProcess; stop(): Promise<void>; logs(): string };

/** Starts the built server (dist/server/main.js) on free ports with a temporary DATA_DIR (issue 2, item 9). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const gamesPort = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-e2e-"));
  const url = `http://localhost:${port}`;
  const gamesUrl = `http://127.0.0.1:${gamesPort}`;
  let output = "";
  const child = spawn(process.execPath, ["--enable-source-maps", path.join(repoRoot, "dist", "server", "main.js")], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      GAMES_PORT: String(gamesPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      GAMES_URL: gamesUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ARCADIUM_BANNER: "0",
      DATABASE_URL: "",
      // Every e2e request comes from 127.0.0.1: the per-address registration limit is raised here only.
      REGISTRATIONS_PER_HOUR: "10000",
      PLAYS_PER_MINUTE: "10000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
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
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    gamesUrl,
    dataDir,
    process: child,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
