import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, LOCK_FILE, lockDataDir, lockHolder } from "./data-dir-lock";

describe("the embedded database's folder lock", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-lock-"));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const lockOf = (pid: number) => JSON.stringify({ pid, host: os.hostname(), startedAt: new Date().toISOString() });

  /** A process that runs until killed: a holder that is alive. */
  async function runningProcess() {
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    await new Promise((resolve) => child.once("spawn", resolve));
    return child;
  }

  it("writes the lock, and removes it on release (twice is harmless)", async () => {
    const lock = await lockDataDir(dataDir);
    expect(JSON.parse(await fs.readFile(path.join(dataDir, LOCK_FILE), "utf8"))).toMatchObject({ pid: process.pid });
    await lock.release();
    await lock.release();
    await expect(fs.access(path.join(dataDir, LOCK_FILE))).rejects.toThrow();
  });

  it("refuses a folder another running process holds, and leaves its lock as it was", async () => {
    const other = await runningProcess();
    try {
      await fs.writeFile(path.join(dataDir, LOCK_FILE), lockOf(other.pid!));
      await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(lockDataDir(dataDir)).rejects.toThrow(`pid ${other.pid}`);
      expect(await lockHolder(dataDir)).toBe(other.pid);
      expect(JSON.parse(await fs.readFile(path.join(dataDir, LOCK_FILE), "utf8")).pid).toBe(other.pid);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a lock whose process is gone, one of its own pid, and a half-written one", async () => {
    const gone = await runningProcess();
    gone.kill("SIGKILL");
    await new Promise((resolve) => gone.once("exit", resolve));
    for (const left of [lockOf(gone.pid!), lockOf(process.pid), '{"pid":']) {
      await fs.writeFile(path.join(dataDir, LOCK_FILE), left);
      expect(await lockHolder(dataDir)).toBeUndefined();
      const lock = await lockDataDir(dataDir);
      expect(JSON.parse(await fs.readFile(path.join(dataDir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
      await lock.release();
    }
  });

  it("does not remove a lock another process took after this one's was taken over", async () => {
    const lock = await lockDataDir(dataDir);
    const other = await runningProcess();
    try {
      await fs.writeFile(path.join(dataDir, LOCK_FILE), lockOf(other.pid!));
      await lock.release();
      expect(await lockHolder(dataDir)).toBe(other.pid);
    } finally {
      other.kill("SIGKILL");
    }
  });
});
