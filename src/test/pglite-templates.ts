import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { createDb, migrate, type Database } from "../server/db/client";
import { seed } from "../server/db/seed";
import { DiskStore } from "../server/services/file-store";
import { repoRoot } from "./paths";

/**
 * PGlite databases for the API tests, copied from templates instead of made from nothing.
 *
 * A new PGlite database costs 1.5–2 s of CPU (its initdb) before it is migrated and seeded, and the API
 * suites build about thirty. So each kind of seeding is made once per `vitest run`: migrated and seeded
 * exactly as a test database always was, then kept as a dump (PGlite's dumpDataDir) beside its DATA_DIR
 * (the seed copies covers and game packages there) in the folder that the global setup
 * (global-setup-node.ts) provides. Every test app opens its own copy of both, a few hundred
 * milliseconds: the copies are independent databases, and nothing a suite writes reaches another.
 *
 * Test files run in separate workers, so a template is made by whichever worker needs it first, in a
 * folder of its own that is then renamed into place (a rename is atomic: a second worker that made the
 * same template at the same moment throws its copy away). Without the global setup (a script importing
 * test-app.ts outside Vitest) every database is made from nothing, as before.
 */

export type Seeding = "none" | "plain" | "demo";

export async function seedDatabase(database: Database, dataDir: string, seeding: Seeding) {
  if (seeding === "none") return;
  await seed(database.db, {
    dataDir,
    files: new DiskStore(dataDir),
    gamesRoot: path.join(repoRoot, "games"),
    demo: seeding === "demo",
  });
}

/** The provided templates folder, when the global setup ran. */
export function templatesRoot(): string | undefined {
  try {
    return inject("pgliteTemplatesDir");
  } catch {
    return undefined;
  }
}

const DUMP = "db.tar";
const DATA = "data";

async function exists(p: string) {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

/**
 * Makes the template folder `name` in `root` with `make(folder)` unless another worker already has; returns its folder.
 * `made` is a file that `make` writes last; `discard(folder)` undoes what `make` did outside the folder when another
 * worker's identical template won the race.
 */
export async function ensureTemplate(
  root: string,
  name: string,
  made: string,
  make: (folder: string) => Promise<void>,
  discard: (folder: string) => Promise<void> = async () => {},
): Promise<string> {
  const final = path.join(root, name);
  if (await exists(path.join(final, made))) return final;
  const building = path.join(root, `${name}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`);
  await fs.mkdir(path.join(building, DATA), { recursive: true });
  await make(building);
  try {
    await fs.rename(building, final);
  } catch (err) {
    // Another worker renamed its identical template into place first.
    await discard(building);
    await fs.rm(building, { recursive: true, force: true });
    if (!(await exists(path.join(final, made)))) throw err;
  }
  return final;
}

/** The seed files of a template (its DATA_DIR), under the template's folder. */
export const templateDataDir = (folder: string) => path.join(folder, DATA);

/**
 * Drops the template databases initdb makes beside `postgres`: nothing a test runs creates a database inside PGlite,
 * and without their 16 MB in the dump a copy opens in about 0.6 of the CPU (bench/RESULTS.md, "The test suite's
 * time").
 */
async function dropTemplateDatabases(database: Database) {
  await database.db.execute(
    sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  // one statement each: DROP DATABASE cannot run inside a transaction block
  await database.db.execute(sql`drop database template0`);
  await database.db.execute(sql`drop database template1`);
  await database.db.execute(sql`checkpoint`);
}

/** Makes the PGlite template `seeding` in `root` unless another worker already has; returns its folder. */
function ensurePgliteTemplate(root: string, seeding: Seeding): Promise<string> {
  return ensureTemplate(root, seeding, DUMP, async (building) => {
    const database = await createDb({ kind: "pglite" });
    try {
      await migrate(database, repoRoot);
      await seedDatabase(database, path.join(building, DATA), seeding);
      await dropTemplateDatabases(database);
      const dump = await database.dump!();
      await fs.writeFile(path.join(building, DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  });
}

/** A template's dump, read from disk once per worker: a worker opens each template dozens of times. */
const dumps = new Map<string, Promise<Blob>>();
function templateDump(template: string): Promise<Blob> {
  let dump = dumps.get(template);
  if (!dump) {
    dump = fs.readFile(path.join(template, DUMP)).then((bytes) => new Blob([bytes]));
    dumps.set(template, dump);
  }
  return dump;
}

/**
 * Writes a copy of the template `seeding` to disk: its seed files into `dataDir`, the database itself into the folder
 * `pgliteDir` (a file-backed PGlite, as the built server keeps one). Nothing without the global setup.
 */
export async function writePgliteCopy(seeding: Seeding, dataDir: string, pgliteDir: string): Promise<void> {
  const root = templatesRoot();
  if (!root) return;
  const template = await ensurePgliteTemplate(root, seeding);
  await fs.cp(path.join(template, DATA), dataDir, { recursive: true });
  const database = await createDb({ kind: "pglite", dataDir: pgliteDir, loadDataDir: await templateDump(template) });
  await database.close();
}

/** A new in-memory PGlite database, migrated and seeded as `seeding` says, with its seed files in `dataDir`. */
export async function openPgliteCopy(seeding: Seeding, dataDir: string): Promise<Database> {
  const root = templatesRoot();
  if (!root) {
    const database = await createDb({ kind: "pglite" });
    await migrate(database, repoRoot);
    await seedDatabase(database, dataDir, seeding);
    return database;
  }
  const template = await ensurePgliteTemplate(root, seeding);
  await fs.cp(path.join(template, DATA), dataDir, { recursive: true });
  return createDb({ kind: "pglite", loadDataDir: await templateDump(template) });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the PGlite templates (src/test/pglite-templates.ts), made by the server project's global setup. */
    pgliteTemplatesDir: string;
  }
}
