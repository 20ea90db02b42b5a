import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../test/paths";
import { describeEachDatabase } from "../../test/test-app";
import { createDb, migrationsFolder } from "../db/client";
import { DiskStore, type FileStore } from "./file-store";
import {
  findLastBackup,
  readDatabaseSize,
  readMigrationStatus,
  readProcessVitals,
  StorageTally,
} from "./system-status";

type Journal = { version: string; dialect: string; entries: Array<{ idx: number; tag: string; when: number }> };
const readJournal = async () =>
  JSON.parse(await fs.readFile(path.join(migrationsFolder(repoRoot), "meta", "_journal.json"), "utf8")) as Journal;

describeEachDatabase(
  "the system page's reads of the database (D164)",
  (t) => {
    const db = () => t().database.db;
    let dir: string;
    beforeEach(async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-status-"));
    });
    afterEach(() => fs.rm(dir, { recursive: true, force: true }));

    /** A copy of the app whose migration files are `entries` (the status reads only the journal). */
    const rootWith = async (entries: Journal["entries"]) => {
      const journal = await readJournal();
      await fs.mkdir(path.join(migrationsFolder(dir), "meta"), { recursive: true });
      await fs.writeFile(
        path.join(migrationsFolder(dir), "meta", "_journal.json"),
        JSON.stringify({ ...journal, entries }),
      );
      return dir;
    };

    it("says every migration file is applied, the newest by name with when it was applied", async () => {
      const { entries } = await readJournal();
      const status = await readMigrationStatus(db(), repoRoot);
      expect(status).toMatchObject({ applied: entries.length, files: entries.length, pending: [], unknown: 0 });
      expect(status.newest?.name).toBe(entries.at(-1)!.tag);
      // the test databases are copies of a template migrated during this run
      expect(Date.now() - status.newest!.appliedAt!.getTime()).toBeLessThan(60 * 60 * 1000);
    });

    it("names the files not applied, and counts the applied migrations this version has no file for", async () => {
      const { entries } = await readJournal();
      const last = entries.at(-1)!;
      const newer = await readMigrationStatus(
        db(),
        await rootWith([...entries, { idx: last.idx + 1, tag: "0999_next", when: last.when + 1000 }]),
      );
      expect(newer).toMatchObject({
        applied: entries.length,
        files: entries.length + 1,
        pending: ["0999_next"],
        unknown: 0,
      });
      const older = await readMigrationStatus(db(), await rootWith(entries.slice(0, -1)));
      expect(older).toMatchObject({
        applied: entries.length,
        files: entries.length - 1,
        pending: [],
        unknown: 1,
        newest: { name: null },
      });
    });

    it("reads the database's size", async () => {
      const size = await readDatabaseSize(t().database, path.join(dir, "no-such-folder"));
      expect(size.bytes).toBeGreaterThan(1024 * 1024);
      expect(size.folderBytes).toBeNull();
    });
  },
  { seed: false },
);

describe("the size of an embedded database kept on disk (D164)", () => {
  it("is pg_database_size's, and its folder's on disk with the log and catalogue", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-status-db-"));
    const database = await createDb({ kind: "pglite", dataDir: path.join(dir, "db") });
    try {
      const size = await readDatabaseSize(database, path.join(dir, "db"));
      expect(size.bytes).toBeGreaterThan(1024 * 1024);
      expect(size.folderBytes).toBeGreaterThan(size.bytes!);
    } finally {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the storage count (D164)", () => {
  let dir: string;
  let store: DiskStore;
  let clock: Date;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-tally-"));
    store = new DiskStore(dir);
    clock = new Date("2026-12-06T16:00:00Z");
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  /** The same store, whose listing waits until `open()` (a bucket of 10,000 games lists slowly) or fails. */
  const gated = (inner: FileStore) => {
    let open!: () => void;
    let gate = new Promise<void>((resolve) => (open = resolve));
    let failWith: Error | undefined;
    const store: FileStore = {
      kind: inner.kind,
      put: (...args) => inner.put(...args),
      get: (...args) => inner.get(...args),
      head: (...args) => inner.head(...args),
      remove: (...args) => inner.remove(...args),
      removePrefix: (...args) => inner.removePrefix(...args),
      async *list(prefix) {
        await gate;
        if (failWith) throw failWith;
        yield* inner.list(prefix);
      },
    };
    return {
      store,
      open: () => open(),
      close: () => (gate = new Promise<void>((resolve) => (open = resolve))),
      fail: (error: Error | undefined) => (failWith = error),
    };
  };

  it("sums every stored object, keeps the count for five minutes, then counts again", async () => {
    await store.put("games/1/index.html", "x".repeat(1000));
    await store.put("uploads/covers/a.webp", "y".repeat(250));
    const tally = new StorageTally(store, { now: () => clock });
    expect(await tally.read()).toEqual({ bytes: 1250, objects: 2, countedAt: clock, counting: false, error: null });
    await store.put("backups/arcadium-1.tar.gz", "z".repeat(50));
    const counted = clock;
    clock = new Date(clock.getTime() + 4 * 60_000);
    expect(await tally.read()).toMatchObject({ bytes: 1250, objects: 2, countedAt: counted });
    clock = new Date(clock.getTime() + 60_000);
    expect(await tally.read()).toEqual({ bytes: 1300, objects: 3, countedAt: clock, counting: false, error: null });
  });

  it("answers what it has while a slow count runs, and keeps the last count when one fails", async () => {
    await store.put("games/1/index.html", "x".repeat(10));
    const slow = gated(store);
    const tally = new StorageTally(slow.store, { now: () => clock, waitMs: 20 });
    expect(await tally.read()).toEqual({ bytes: null, objects: null, countedAt: null, counting: true, error: null });
    slow.open();
    await expect.poll(() => tally.read()).toMatchObject({ bytes: 10, objects: 1, counting: false });

    slow.close();
    slow.fail(new Error("bucket unreachable"));
    clock = new Date(clock.getTime() + 10 * 60_000);
    expect(await tally.read()).toMatchObject({ bytes: 10, counting: true, error: null });
    slow.open();
    await expect.poll(() => tally.read().then((count) => count.error)).toBe("bucket unreachable");
    expect(await tally.read()).toMatchObject({ bytes: 10, objects: 1 });
  });

  it("finds the backup written last, or none", async () => {
    expect(await findLastBackup(store)).toBeNull();
    await store.put("games/1/index.html", "not a backup");
    expect(await findLastBackup(store)).toBeNull();
    await store.put("backups/arcadium-2026-12-05.tar.gz", "older but named later");
    await store.put("backups/arcadium-2026-12-04.tar.gz", "newer");
    await fs.utimes(
      path.join(dir, "backups", "arcadium-2026-12-05.tar.gz"),
      new Date("2026-12-05T03:00:00Z"),
      new Date("2026-12-05T03:00:00Z"),
    );
    await fs.utimes(
      path.join(dir, "backups", "arcadium-2026-12-04.tar.gz"),
      new Date("2026-12-06T03:00:00Z"),
      new Date("2026-12-06T03:00:00Z"),
    );
    expect(await findLastBackup(store)).toEqual({
      key: "backups/arcadium-2026-12-04.tar.gz",
      size: 5,
      modified: new Date("2026-12-06T03:00:00Z"),
    });
  });
});

it("reads this process's vitals", () => {
  const vitals = readProcessVitals();
  expect(vitals).toMatchObject({ host: os.hostname(), pid: process.pid, nodeVersion: process.version });
  expect(vitals.rssBytes).toBeGreaterThan(vitals.heapUsedBytes);
  expect(vitals.heapTotalBytes).toBeGreaterThanOrEqual(vitals.heapUsedBytes);
  expect(Math.abs(vitals.startedAt.getTime() + vitals.uptimeSeconds * 1000 - Date.now())).toBeLessThan(1000);
});
