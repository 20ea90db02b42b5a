import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * The embedded database lives in one process only: two processes writing one PGlite folder corrupt it. One concern, no
 * HTTP types.
 *
 * Contract:
 * - `lockDataDir(dataDir)` writes `DATA_DIR/db.lock` (this process's pid, host and start) and answers its release. A
 *   lock held by another running process of this host is `DataDirLockedError` (with its pid), and nothing is written.
 * - A lock left by a process that is gone (a crash, `kill -9`) is taken over: its pid no longer runs, or it is this
 *   process's own pid (a container's restarted pid 1). A lock written on another host is judged by its pid alone
 *   when the folder is shared, which Arcadium does not support for PGlite; it is reported as held while that pid runs.
 * - `release()` removes the file only while it is still this process's lock; a second call does nothing.
 */

export const LOCK_FILE = "db.lock";

type LockRecord = { pid: number; host: string; startedAt: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Another Arcadium process (pid ${pid}) has the embedded database in ${dataDir} open`);
    this.name = "DataDirLockedError";
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readLock(file: string): Promise<LockRecord | undefined> {
  try {
    const record = JSON.parse(await fs.readFile(file, "utf8")) as Partial<LockRecord>;
    return typeof record.pid === "number" && record.pid > 0 ? (record as LockRecord) : undefined;
  } catch {
    // missing, or half written by a process killed while writing it: nobody holds it
    return undefined;
  }
}

/** Who holds the folder's lock now, if a running process does. */
export async function lockHolder(dataDir: string): Promise<number | undefined> {
  const held = await readLock(path.join(dataDir, LOCK_FILE));
  return held && held.pid !== process.pid && isRunning(held.pid) ? held.pid : undefined;
}

export async function lockDataDir(dataDir: string): Promise<{ release(): Promise<void> }> {
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockRecord = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  const text = JSON.stringify(mine);
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.writeFile(file, text, { flag: "wx", mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw err;
      const holder = await lockHolder(dataDir);
      if (holder !== undefined) throw new DataDirLockedError(dataDir, holder);
      await fs.rm(file, { force: true });
    }
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      const held = await readLock(file);
      if (held?.pid === mine.pid && held.startedAt === mine.startedAt) await fs.rm(file, { force: true });
    },
  };
}
