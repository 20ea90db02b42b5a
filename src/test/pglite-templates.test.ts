import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb, migrate, type Database } from "../server/db/client";
import { repoRoot } from "./paths";
import { openPgliteCopy, seedDatabase, type Seeding } from "./pglite-templates";
import { openPostgresCopy } from "./postgres-templates";

const counts = async (database: Database) => {
  const res = await database.db.execute(
    sql`select (select count(*) from games)::int as games, (select count(*) from categories)::int as categories, (select count(*) from users)::int as users, (select count(*) from scores)::int as scores`,
  );
  return res.rows[0];
};
const files = async (dir: string) => (await fs.readdir(dir, { recursive: true })).map(String).sort();
/** A database made from nothing (initdb, every migration, the demo seed) beside a copy: many seconds of CPU on a busy machine. */
const FROM_NOTHING_TIMEOUT_MS = 120_000;

/**
 * The database both kinds' copies are compared with, seeded from nothing in a PGlite database and its own DATA_DIR.
 * Made once for the file (about 7 CPU-seconds): the tests only read it.
 */
let seededFromNothing: Promise<{ database: Database; dataDir: string }> | undefined;
const fromNothing = () =>
  (seededFromNothing ??= (async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-template-test-"));
    const database = await createDb({ kind: "pglite" });
    await migrate(database, repoRoot);
    await seedDatabase(database, dataDir, "demo");
    return { database, dataDir };
  })());
afterAll(async () => {
  if (!seededFromNothing) return;
  const { database, dataDir } = await seededFromNothing;
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The API tests' PGlite databases are copies of a template (pglite-templates.ts): they must equal a database made from nothing, and not share anything. */
describe("PGlite test templates", () => {
  const opened: Database[] = [];
  const dirs: string[] = [];
  const newDir = async () => {
    const d = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-template-test-"));
    dirs.push(d);
    return d;
  };
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
  });

  it("the global setup provides the templates folder", () => {
    expect(inject("pgliteTemplatesDir")).toEqual(expect.any(String));
  });

  it(
    "a copy holds what a database seeded from nothing holds, tables and DATA_DIR files alike",
    async () => {
      const { database: fresh, dataDir: freshDir } = await fromNothing();

      const copyDir = await newDir();
      const copy = await openPgliteCopy("demo", copyDir);
      opened.push(copy);

      const expected = await counts(fresh);
      expect(expected.games).toBeGreaterThan(0);
      expect(expected.users).toBeGreaterThan(0);
      expect(await counts(copy)).toEqual(expected);
      expect(await files(copyDir)).toEqual(await files(freshDir));
    },
    FROM_NOTHING_TIMEOUT_MS,
  );

  it("a copy holds only the database the app uses, so that it opens quickly", async () => {
    const copy = await openPgliteCopy("none", await newDir());
    opened.push(copy);
    const res = await copy.db.execute(sql`select datname from pg_database order by datname`);
    expect(res.rows).toEqual([{ datname: "postgres" }]);
  });

  it("two copies are independent databases", async () => {
    const a = await openPgliteCopy("none", await newDir());
    const b = await openPgliteCopy("none", await newDir());
    opened.push(a, b);
    expect(await counts(a)).toEqual({ games: 0, categories: 0, users: 0, scores: 0 });
    await a.db.execute(sql`insert into categories (name, slug) values ('Only in A', 'only-in-a')`);
    expect((await counts(a)).categories).toBe(1);
    expect((await counts(b)).categories).toBe(0);
  });
});

/** The same for PostgreSQL (D6): each test database is a `CREATE DATABASE … TEMPLATE` copy (postgres-templates.ts). */
// Declared only where the API suites run on PostgreSQL too, like describeEachDatabase.
if (process.env.TEST_DATABASE_URL)
  describe("PostgreSQL test templates", () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const opened: Awaited<ReturnType<typeof openPostgresCopy>>[] = [];
    const dirs: string[] = [];
    const newDir = async () => {
      const d = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-template-test-"));
      dirs.push(d);
      return d;
    };
    afterAll(async () => {
      for (const copy of opened) {
        await copy.database.close();
        await copy.drop();
      }
      await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
    });
    const open = async (seeding: Seeding, dir: string) => {
      const copy = await openPostgresCopy(adminUrl, seeding, dir);
      opened.push(copy);
      return copy.database;
    };

    it("the global setup provides the name prefix of the run's databases", () => {
      expect(inject("postgresTemplatePrefix")).toMatch(/^arcadium_test_[0-9a-f]+$/);
    });

    it(
      "a copy holds what a database seeded from nothing holds, tables, migrations and DATA_DIR files alike",
      async () => {
        const { database: fresh, dataDir: freshDir } = await fromNothing();
        const copyDir = await newDir();
        const copy = await open("demo", copyDir);
        const expected = await counts(fresh);
        expect(expected.games).toBeGreaterThan(0);
        expect(await counts(copy)).toEqual(expected);
        const migrations = (await copy.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))
          .rows[0];
        expect(migrations).toEqual({
          n: (await fs.readdir(path.join(repoRoot, "src/server/db/migrations"))).filter((f) => f.endsWith(".sql"))
            .length,
        });
        expect(await files(copyDir)).toEqual(await files(freshDir));
      },
      FROM_NOTHING_TIMEOUT_MS,
    );

    it("two copies are independent databases", async () => {
      const a = await open("none", await newDir());
      const b = await open("none", await newDir());
      expect(await counts(a)).toEqual({ games: 0, categories: 0, users: 0, scores: 0 });
      await a.db.execute(sql`insert into categories (name, slug) values ('Only in A', 'only-in-a')`);
      expect((await counts(a)).categories).toBe(1);
      expect((await counts(b)).categories).toBe(0);
    });
  });
