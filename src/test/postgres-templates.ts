import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { createDb, migrate, type Database } from "../server/db/client";
import { repoRoot } from "./paths";
import { ensureTemplate, seedDatabase, templateDataDir, templatesRoot, type Seeding } from "./pglite-templates";

/**
 * PostgreSQL databases for the API tests (D6), copied from templates instead of migrated and seeded one by one.
 *
 * Migrating and seeding a new database costs seconds of CPU on the server and in the test worker, and the API
 * suites make about sixty of them on PostgreSQL. So, as for PGlite (pglite-templates.ts), each kind of seeding is
 * made once per `vitest run`, in a database of its own whose name starts with the run's prefix (provided by
 * global-setup-node.ts, which drops them after the run). Every test database is then `CREATE DATABASE … TEMPLATE`
 * of it, a file-level copy made by the server: an independent database holding exactly what the template holds.
 * The template's seed files (covers, game packages) are kept beside it, in the templates folder.
 *
 * A template is never connected to once made: PostgreSQL refuses to copy a database that has a session.
 */

export type PostgresCopy = { url: string; drop(): Promise<void> };

/** The prefix of this run's template databases, when the global setup ran with TEST_DATABASE_URL set. */
function templatePrefix(): string | undefined {
  try {
    return inject("postgresTemplatePrefix") || undefined;
  } catch {
    return undefined;
  }
}

const NAME_FILE = "database";

async function runOnce(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const urlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const newName = (prefix: string) => `${prefix}_${crypto.randomBytes(6).toString("hex")}`;

/** Makes the template `seeding` (a database and its seed files) unless another worker already has; returns its folder. */
function ensurePostgresTemplate(adminUrl: string, root: string, prefix: string, seeding: Seeding): Promise<string> {
  return ensureTemplate(
    root,
    `postgres-${seeding}`,
    NAME_FILE,
    async (building) => {
      const name = newName(prefix);
      await runOnce(adminUrl, `create database ${name}`);
      const database = await createDb({ kind: "postgres", url: urlOf(adminUrl, name), max: 2 });
      try {
        await migrate(database, repoRoot);
        await seedDatabase(database, templateDataDir(building), seeding);
      } finally {
        await database.close();
      }
      await fs.writeFile(path.join(building, NAME_FILE), name);
    },
    async (building) => {
      const name = await fs.readFile(path.join(building, NAME_FILE), "utf8");
      await runOnce(adminUrl, `drop database if exists ${name} with (force)`);
    },
  );
}

/** A new database on the server of `adminUrl`, migrated from nothing (without the global setup's templates). */
async function createScratch(adminUrl: string, prefix: string): Promise<PostgresCopy> {
  const name = newName(prefix);
  await runOnce(adminUrl, `create database ${name}`);
  return { url: urlOf(adminUrl, name), drop: () => runOnce(adminUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * A new PostgreSQL database on the server of `adminUrl`, migrated and seeded as `seeding` says, with its seed files
 * in `dataDir`; drop() removes it. Without the global setup it is migrated and seeded from nothing.
 */
export async function openPostgresCopy(
  adminUrl: string,
  seeding: Seeding,
  dataDir: string,
): Promise<PostgresCopy & { database: Database }> {
  const root = templatesRoot();
  const prefix = templatePrefix();
  if (!root || !prefix) {
    const scratch = await createScratch(adminUrl, "arcadium_test");
    const database = await createDb({ kind: "postgres", url: scratch.url, max: 5 });
    await migrate(database, repoRoot);
    await seedDatabase(database, dataDir, seeding);
    return { ...scratch, database };
  }
  const template = await ensurePostgresTemplate(adminUrl, root, `${prefix}_tpl`, seeding);
  const templateName = await fs.readFile(path.join(template, NAME_FILE), "utf8");
  const name = newName(prefix);
  await runOnce(adminUrl, `create database ${name} template ${templateName}`);
  await fs.cp(templateDataDir(template), dataDir, { recursive: true });
  const url = urlOf(adminUrl, name);
  const database = await createDb({ kind: "postgres", url, max: 5 });
  return { url, database, drop: () => runOnce(adminUrl, `drop database if exists ${name} with (force)`) };
}

/** Drops every database whose name starts with `prefix` (the run's templates, and copies a killed worker left). */
export async function dropDatabasesStartingWith(adminUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The name prefix of this run's PostgreSQL test databases (postgres-templates.ts), or "" without TEST_DATABASE_URL. */
    postgresTemplatePrefix: string;
  }
}
