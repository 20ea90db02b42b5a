import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import * as schema from "./schema";

export type Schema = typeof schema;
/** One Drizzle interface for both drivers (D5). PGlite's is typed as node-postgres's: same query builder. */
export type Db = NodePgDatabase<Schema>;
/** The handle inside `db.transaction(async (tx) => …)`: the same queries, run in that transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** the pg pool, for LISTEN/NOTIFY (D8); undefined on PGlite */
  pool?: import("pg").Pool;
  /** PGlite only: the whole database as a dump that createDb's loadDataDir opens again */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
  ping(): Promise<void>;
};

export type DbOptions =
  | {
      kind: "pglite";
      /** undefined: in memory */
      dataDir?: string;
      /** a dump (PGlite's dumpDataDir) to start from instead of a new database: the API tests' template (src/test/test-app.ts) */
      loadDataDir?: Blob;
    }
  | { kind: "postgres"; url: string; max?: number };

/**
 * D163: PGlite's Postgres keeps its buffer pool inside the WASM memory, which never shrinks, and touches all of it at
 * start: its default of 128 MB was a third of the process. The tables of a site with 10,000 games fit in 16 MB, and
 * pages that do not are read from the operating system's file cache. Index builds get 16 MB instead of 64.
 */
export const PGLITE_SETTINGS = ["-c", "shared_buffers=16MB", "-c", "maintenance_work_mem=16MB"];

export async function createDb(options: DbOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
    });
    // A lost connection must not crash the process (issue 8: survive a database restart).
    // The pool listens for errors on idle clients only; a client checked out between two
    // statements (e.g. inside a transaction) whose backend is terminated emits 'error' with no
    // listener, which would be an uncaught exception. Its next query fails (the request answers
    // 500, logged), and the pool drops the dead client on release (`_queryable` is false).
    pool.on("error", () => {});
    pool.on("connect", (client) => {
      client.on("error", () => {});
    });
    const db = drizzle(pool, { schema });
    // Drizzle's pool transaction checks a client out and sends BEGIN outside its try/finally: when
    // BEGIN fails (the connection died a moment earlier: a database restart), the client is never
    // released. Each such failure would leak one of the pool's slots until every request waited
    // forever (and pool.end() never returned). Here the client is checked out by us and always
    // released; the pool drops it if its connection is dead. The transaction itself is Drizzle's.
    const poolTransaction: typeof db.transaction = async (run, config) => {
      const client = await pool.connect();
      try {
        return await drizzle(client, { schema }).transaction(run, config);
      } finally {
        client.release();
      }
    };
    db.transaction = poolTransaction;
    return {
      db,
      kind: "postgres",
      pool,
      close: () => pool.end(),
      ping: async () => {
        await pool.query("select 1");
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  // Issue 12 item 3: the search's trigram indexes need pg_trgm (migration 0002 creates it). PGlite
  // bundles contrib extensions but loads only those it is given, so every database opened here gets it,
  // a new one, a data directory made before the migration, or a test template's dump alike.
  const pgliteOptions = {
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  };
  let client;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    client = await PGlite.create(options.dataDir, pgliteOptions);
  } else {
    client = await PGlite.create(pgliteOptions);
  }
  const dumpDataDir = () => client.dumpDataDir("none");
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    dump: dumpDataDir,
    close: () => client.close(),
    ping: async () => {
      await client.query("select 1");
    },
  };
}

export function migrationsFolder(rootDir: string): string {
  return path.join(rootDir, "src", "server", "db", "migrations");
}

/** The advisory lock that migrations run under on PostgreSQL: one process migrates, the others wait for it. */
export const MIGRATION_LOCK_KEY = 727271;

/**
 * Applies the committed drizzle-kit migrations; on PostgreSQL under an advisory lock so that several processes may start
 * at once (D8): the second waits for the first, then finds nothing left to apply. An embedded database is opened by one
 * process only (PGlite), so it needs none.
 */
export async function migrate(database: Database, rootDir: string): Promise<void> {
  const folder = migrationsFolder(rootDir);
  if (database.kind === "postgres") {
    const { migrate: pgMigrate } = await import("drizzle-orm/node-postgres/migrator");
    const lockClient = await database.pool!.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await recordMigrationTimes(database.db);
      await pgMigrate(database.db, { migrationsFolder: folder });
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
    return;
  }
  const { migrate: pgliteMigrate } = await import("drizzle-orm/pglite/migrator");
  await recordMigrationTimes(database.db);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  await pgliteMigrate(database.db as any, { migrationsFolder: folder });
}

/** Drizzle's table of applied migrations, as its migrator makes it (it adds the table only when missing). */
export const MIGRATIONS_TABLE = sql`drizzle.__drizzle_migrations`;

/**
 * D164: drizzle records which migrations are applied but not when. Its table gets a column whose default is the time
 * of the insert, which its migrator leaves to the default; migrations applied before the column have no time.
 */
async function recordMigrationTimes(db: Db): Promise<void> {
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`,
  );
  const found = await db.execute(
    sql`select 1 from information_schema.columns where table_schema = 'drizzle' and table_name = '__drizzle_migrations' and column_name = 'applied_at'`,
  );
  if (found.rows.length > 0) return;
  await db.execute(sql`alter table ${MIGRATIONS_TABLE} add column applied_at timestamptz`);
  await db.execute(sql`alter table ${MIGRATIONS_TABLE} alter column applied_at set default now()`);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const res = await db.execute(sql`select exists(select 1 from categories) as "exists"`);
  return !(res.rows[0] as { exists: boolean }).exists;
}
