import { randomBytes } from "node:crypto";
import os from "node:os";
import { asc, eq, gte, lt } from "drizzle-orm";
import type { ProcessRole } from "../../contract/admin/system-constants";
import type { Db } from "../db/client";
import { processesTable } from "../db/schema";

/**
 * The server processes seen lately (D164): each running process keeps a row of `processes` fresh, so that the CMS's
 * system page can say how many processes serve the site, where, and whether they all run the same version.
 *
 * Contract:
 * - `newProcessIdentity` describes this process: a random id made at each start (a restarted process, or a container's
 *   pid 1 started again, is a new row), this host's name and pid, the app version and what it serves.
 * - `recordHeartbeat` writes the process's row with `seenAt = now` (inserted the first time, its seen time moved
 *   after); `forgetProcess` deletes it.
 * - `startProcessHeartbeat` records a heartbeat at once and every `intervalMs` (default HEARTBEAT_MS); its timer never
 *   keeps the process alive. A failed write is logged and the next beat tries again. `stop()` ends the beats, waits
 *   for a write in flight and forgets the process, so that a process stopped cleanly leaves the list at once.
 * - `listProcessesSeenSince` answers the processes whose last heartbeat is at or after `since`, the earliest started
 *   first. A process killed without stopping stays listed until its beats are older than the caller's window.
 * - `purgeStaleProcesses` deletes the rows not seen for STALE_PROCESS_MS (a day; run by housekeeping) and answers how
 *   many.
 * Times come from the caller. No HTTP types.
 */

export type ProcessIdentity = {
  id: string;
  host: string;
  pid: number;
  version: string;
  roles: ProcessRole[];
  startedAt: Date;
};
export type SeenProcess = typeof processesTable.$inferSelect;

export const HEARTBEAT_MS = 15_000;
export const STALE_PROCESS_MS = 24 * 60 * 60 * 1000;

export function newProcessIdentity(options: {
  version: string;
  roles: ProcessRole[];
  startedAt: Date;
}): ProcessIdentity {
  return { id: randomBytes(8).toString("hex"), host: os.hostname(), pid: process.pid, ...options };
}

export async function recordHeartbeat(db: Db, identity: ProcessIdentity, now: Date): Promise<void> {
  await db
    .insert(processesTable)
    .values({ ...identity, seenAt: now })
    .onConflictDoUpdate({ target: processesTable.id, set: { seenAt: now } });
}

export async function forgetProcess(db: Db, id: string): Promise<void> {
  await db.delete(processesTable).where(eq(processesTable.id, id));
}

export async function listProcessesSeenSince(db: Db, since: Date): Promise<SeenProcess[]> {
  return db
    .select()
    .from(processesTable)
    .where(gte(processesTable.seenAt, since))
    .orderBy(asc(processesTable.startedAt), asc(processesTable.id));
}

export async function purgeStaleProcesses(db: Db, now: Date, maxAgeMs = STALE_PROCESS_MS): Promise<number> {
  const rows = await db
    .delete(processesTable)
    .where(lt(processesTable.seenAt, new Date(now.getTime() - maxAgeMs)))
    .returning({ id: processesTable.id });
  return rows.length;
}

export type ProcessHeartbeat = { stop(): Promise<void> };

export function startProcessHeartbeat(
  db: Db,
  identity: ProcessIdentity,
  options: { now: () => Date; log: { warn(details: object, message: string): void }; intervalMs?: number },
): ProcessHeartbeat {
  let writing: Promise<void> | undefined;
  const beat = () => {
    if (writing) return;
    writing = recordHeartbeat(db, identity, options.now())
      .catch((err: unknown) =>
        options.log.warn({ err, process: identity.id }, "could not record this process's heartbeat"),
      )
      .finally(() => {
        writing = undefined;
      });
  };
  beat();
  const timer = setInterval(beat, options.intervalMs ?? HEARTBEAT_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await writing;
      await forgetProcess(db, identity.id);
    },
  };
}
