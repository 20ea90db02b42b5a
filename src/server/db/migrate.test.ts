import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { repoRoot } from "../../test/paths";
import { createDb, migrate, migrationsFolder, MIGRATION_LOCK_KEY, MIGRATIONS_TABLE, type Database } from "./client";

type Applied = { hash: string; created_at: string; applied_at: Date | string | null };
const journal = async () =>
  (
    JSON.parse(await fs.readFile(path.join(migrationsFolder(repoRoot), "meta", "_journal.json"), "utf8")) as {
      entries: Array<{ tag: string; when: number }>;
    }
  ).entries;
const applied = async (database: Database) =>
  (await database.db.execute(sql`select hash, created_at, applied_at from ${MIGRATIONS_TABLE} order by id`))
    .rows as Applied[];

describe("migrations at start (D164)", () => {
  it("record when each one is applied; those applied before the time was kept have none", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-migrate-"));
    const database = await createDb({ kind: "pglite" });
    try {
      // An install migrated by drizzle alone (before this column) up to its first two migrations.
      const oldRoot = path.join(dir, "old");
      const entries = await journal();
      await fs.mkdir(path.join(migrationsFolder(oldRoot), "meta"), { recursive: true });
      await fs.writeFile(
        path.join(migrationsFolder(oldRoot), "meta", "_journal.json"),
        JSON.stringify({ version: "7", dialect: "postgresql", entries: entries.slice(0, 2) }),
      );
      for (const e of entries.slice(0, 2))
        await fs.copyFile(
          path.join(migrationsFolder(repoRoot), `${e.tag}.sql`),
          path.join(migrationsFolder(oldRoot), `${e.tag}.sql`),
        );
      const { migrate: drizzleMigrate } = await import("drizzle-orm/pglite/migrator");
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await drizzleMigrate(database.db as any, { migrationsFolder: migrationsFolder(oldRoot) });

      const before = Date.now();
      await migrate(database, repoRoot);
      const rows = await applied(database);
      expect(rows.map((r) => Number(r.created_at))).toEqual(entries.map((e) => e.when));
      expect(rows.slice(0, 2).map((r) => r.applied_at)).toEqual([null, null]);
      for (const row of rows.slice(2))
        expect(new Date(row.applied_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);

      // a second start applies nothing and changes no time
      await migrate(database, repoRoot);
      expect(await applied(database)).toEqual(rows);
    } finally {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("migrations at start on PostgreSQL [postgres]", () => {
  const made: string[] = [];
  const opened: Database[] = [];
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  /** An empty database, as a new install on PostgreSQL starts with. */
  const emptyDatabase = async () => {
    const name = `arcadium_test_migrate_${crypto.randomBytes(5).toString("hex")}`;
    await run(`create database ${name}`);
    made.push(name);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const open = async (url: string) => {
    const database = await createDb({ kind: "postgres", url, max: 3 });
    opened.push(database);
    return database;
  };

  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close().catch(() => undefined);
    for (const name of made.splice(0)) await run(`drop database if exists ${name} with (force)`);
  });

  it("two processes starting at once on an empty database: one migrates, the other waits, and each migration is applied once", async () => {
    const url = await emptyDatabase();
    const [a, b] = await Promise.all([open(url), open(url)]);
    await Promise.all([migrate(a, repoRoot), migrate(b, repoRoot)]);
    const rows = await applied(a);
    expect(rows.map((r) => Number(r.created_at))).toEqual((await journal()).map((e) => e.when));
    expect(rows.every((r) => r.applied_at !== null)).toBe(true);
  }, 120_000);

  it("waits while another process holds the migration lock, and migrates once it is let go", async () => {
    const url = await emptyDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      const database = await open(url);
      let done = false;
      const migrating = migrate(database, repoRoot).then(() => void (done = true));
      // it asks for the lock and waits, having changed nothing
      await vi.waitFor(
        async () => {
          const waiting = await holder.query(
            "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted",
            [MIGRATION_LOCK_KEY],
          );
          expect(waiting.rows[0].n).toBe(1);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(done).toBe(false);
      const tables = await holder.query(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      expect(tables.rows[0].n).toBe(0);
      await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      await migrating;
      expect((await applied(database)).length).toBe((await journal()).length);
    } finally {
      await holder.end();
    }
  }, 120_000);
});
