import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { JobState } from "../../contract/jobs-constants";
import { MIGRATIONS_TABLE, migrationsFolder, type Database, type Db } from "../db/client";
import type { AppVersion } from "./app-version";
import type { FileStore, StoredObject } from "./file-store";
import { jobCounts, jobQueueHealth } from "./job-queue";
import { listProcessesSeenSince, type SeenProcess } from "./process-registry";

/**
 * What the CMS's system page says about this install (D164): one read of the version, the migrations, the database and
 * storage sizes, the job queue, the last backup, the processes seen and this process's own vitals.
 *
 * Contract:
 * - `readMigrationStatus(db, rootDir)` compares the migration files (drizzle-kit's journal under rootDir) with drizzle's
 *   table of applied migrations: how many are applied and how many files there are; the newest applied (its file's
 *   name, or null when this version has no such file; when it was applied, null when that was before times were
 *   kept); the files not applied, by name; and how many applied ones this version has no file for (a newer version
 *   migrated the database).
 * - `readDatabaseSize(database, folder)`: `pg_database_size` of the current database (null where it fails) and, for an
 *   embedded database kept in `folder`, the folder's size on disk (its write-ahead log and catalogue included; null
 *   when there is no such folder, e.g. in memory).
 * - `StorageTally` sums the sizes and counts the objects of a FileStore over `list("")`. A count stays fresh for
 *   `maxAgeMs` (5 minutes): with 10,000 games a count takes long. `read()` answers the latest count and when it was
 *   started; when none is fresh it starts one (one at a time) and waits up to `waitMs` for it, answering the previous
 *   count (or none) with `counting: true` when it is not done. A failed count keeps the previous one and answers the
 *   error until a count succeeds.
 * - `findLastBackup(files)`: the most recently written object under `backups/`, or null.
 * - `readProcessVitals()`: this process's host, pid, start, uptime, memory (RSS and heap) and Node version.
 * - `readSystemStatus(parts)`: all of the above, with the job queue's counts and health and the processes seen in the
 *   last PROCESS_WINDOW_MS.
 * No HTTP types; times come from the caller except this process's uptime.
 */

/** "Processes seen": those whose heartbeat (every 15 s) is at most this old. */
export const PROCESS_WINDOW_MS = 60_000;
export const STORAGE_COUNT_MAX_AGE_MS = 5 * 60 * 1000;
export const STORAGE_COUNT_WAIT_MS = 2000;

export type MigrationStatus = {
  applied: number;
  files: number;
  newest: { name: string | null; appliedAt: Date | null } | null;
  pending: string[];
  unknown: number;
};

type JournalEntry = { tag: string; when: number };

export async function readMigrationStatus(db: Db, rootDir: string): Promise<MigrationStatus> {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder(rootDir), "meta", "_journal.json"), "utf8"),
  ) as { entries: JournalEntry[] };
  const byWhen = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
  // read through to_jsonb so that a table made before the applied_at column (client.ts) reads as "no time"
  const result = await db.execute(
    sql`select m.created_at, (to_jsonb(m) ->> 'applied_at')::timestamptz as applied_at from ${MIGRATIONS_TABLE} m order by m.created_at, m.id`,
  );
  const rows = (result.rows as Array<{ created_at: string | number; applied_at: string | Date | null }>).map((row) => ({
    when: Number(row.created_at),
    appliedAt: row.applied_at === null ? null : new Date(row.applied_at),
  }));
  const appliedWhens = new Set(rows.map((row) => row.when));
  const newest = rows.at(-1);
  return {
    applied: rows.length,
    files: journal.entries.length,
    newest: newest ? { name: byWhen.get(newest.when) ?? null, appliedAt: newest.appliedAt } : null,
    pending: journal.entries.filter((entry) => !appliedWhens.has(entry.when)).map((entry) => entry.tag),
    unknown: rows.filter((row) => !byWhen.has(row.when)).length,
  };
}

export async function readDatabaseSize(
  database: Database,
  folder: string | undefined,
): Promise<{ bytes: number | null; folderBytes: number | null }> {
  const bytes = await database.db.execute(sql`select pg_database_size(current_database())::bigint as bytes`).then(
    (result) => Number((result.rows[0] as { bytes: string | number }).bytes),
    () => null,
  );
  const folderBytes = database.kind === "pglite" && folder ? await folderSize(folder) : null;
  return { bytes, folderBytes };
}

/** The bytes of every file under `dir` (links not followed), or null when it does not exist. */
async function folderSize(dir: string): Promise<number | null> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return null;
  }
  let total = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += (await folderSize(full)) ?? 0;
    else if (entry.isFile())
      total += await fs.stat(full).then(
        (stat) => stat.size,
        () => 0,
      );
  }
  return total;
}

export type StorageCount = {
  bytes: number | null;
  objects: number | null;
  countedAt: Date | null;
  counting: boolean;
  error: string | null;
};

export class StorageTally {
  private last: { bytes: number; objects: number; countedAt: Date } | null = null;
  private error: string | null = null;
  private running: Promise<void> | null = null;
  private readonly maxAgeMs: number;
  private readonly waitMs: number;

  constructor(
    private readonly files: FileStore,
    private readonly options: { now: () => Date; maxAgeMs?: number; waitMs?: number },
  ) {
    this.maxAgeMs = options.maxAgeMs ?? STORAGE_COUNT_MAX_AGE_MS;
    this.waitMs = options.waitMs ?? STORAGE_COUNT_WAIT_MS;
  }

  async read(): Promise<StorageCount> {
    const fresh = this.last !== null && this.options.now().getTime() - this.last.countedAt.getTime() < this.maxAgeMs;
    if (!fresh) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.waitMs);
        timer.unref();
      });
      await Promise.race([this.count(), waited]);
      clearTimeout(timer);
    }
    return {
      bytes: this.last?.bytes ?? null,
      objects: this.last?.objects ?? null,
      countedAt: this.last?.countedAt ?? null,
      counting: this.running !== null,
      error: this.error,
    };
  }

  private count(): Promise<void> {
    this.running ??= (async () => {
      const started = this.options.now();
      try {
        let bytes = 0;
        let objects = 0;
        for await (const object of this.files.list("")) {
          bytes += object.size;
          objects += 1;
        }
        this.last = { bytes, objects, countedAt: started };
        this.error = null;
      } catch (err) {
        this.error = err instanceof Error ? err.message : String(err);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}

export async function findLastBackup(files: FileStore): Promise<StoredObject | null> {
  let newest: StoredObject | null = null;
  for await (const object of files.list("backups/")) {
    if (!newest || object.modified.getTime() > newest.modified.getTime()) newest = object;
  }
  return newest;
}

export type ProcessVitals = {
  host: string;
  pid: number;
  startedAt: Date;
  uptimeSeconds: number;
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  nodeVersion: string;
};

export function readProcessVitals(): ProcessVitals {
  const memory = process.memoryUsage();
  const uptimeSeconds = process.uptime();
  return {
    host: os.hostname(),
    pid: process.pid,
    startedAt: new Date(Date.now() - uptimeSeconds * 1000),
    uptimeSeconds,
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    heapTotalBytes: memory.heapTotal,
    nodeVersion: process.version,
  };
}

export type SystemStatus = {
  checkedAt: Date;
  version: AppVersion;
  migrations: MigrationStatus;
  database: { kind: Database["kind"]; bytes: number | null; folderBytes: number | null };
  storage: StorageCount & { kind: string };
  jobs: { counts: Record<JobState, number>; failedLastDay: number; oldestWaitingSince: Date | null };
  lastBackup: StoredObject | null;
  processes: SeenProcess[];
  thisProcess: ProcessVitals;
};

export async function readSystemStatus(parts: {
  database: Database;
  files: FileStore;
  tally: StorageTally;
  version: AppVersion;
  rootDir: string;
  /** where an embedded database keeps its files (DATA_DIR/db); undefined on PostgreSQL */
  embeddedFolder: string | undefined;
  now: Date;
}): Promise<SystemStatus> {
  const { database, files, tally, now } = parts;
  const db = database.db;
  const [migrations, size, storage, counts, health, lastBackup, processes] = await Promise.all([
    readMigrationStatus(db, parts.rootDir),
    readDatabaseSize(database, parts.embeddedFolder),
    tally.read(),
    jobCounts(db),
    jobQueueHealth(db, now),
    findLastBackup(files),
    listProcessesSeenSince(db, new Date(now.getTime() - PROCESS_WINDOW_MS)),
  ]);
  return {
    checkedAt: now,
    version: parts.version,
    migrations,
    database: { kind: database.kind, ...size },
    storage: { kind: files.kind, ...storage },
    jobs: { counts, ...health },
    lastBackup,
    processes,
    thisProcess: readProcessVitals(),
  };
}
