import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb, migrate, type Database } from "../server/db/client";
import { repoRoot } from "./paths";
import { openPgliteCopy, seedDatabase } from "./pglite-templates";

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

  const counts = async (database: Database) => {
    const res = await database.db.execute(
      sql`select (select count(*) from games)::int as games, (select count(*) from categories)::int as categories, (select count(*) from users)::int as users, (select count(*) from scores)::int as scores`,
    );
    return res.rows[0];
  };
  const files = async (dir: string) => (await fs.readdir(dir, { recursive: true })).map(String).sort();

  it("the global setup provides the templates folder", () => {
    expect(inject("pgliteTemplatesDir")).toEqual(expect.any(String));
  });

  it("a copy holds what a database seeded from nothing holds, tables and DATA_DIR files alike", async () => {
    const freshDir = await newDir();
    const fresh = await createDb({ kind: "pglite" });
    opened.push(fresh);
    await migrate(fresh, repoRoot);
    await seedDatabase(fresh, freshDir, "demo");

    const copyDir = await newDir();
    const copy = await openPgliteCopy("demo", copyDir);
    opened.push(copy);

    const expected = await counts(fresh);
    expect(expected.games).toBeGreaterThan(0);
    expect(expected.users).toBeGreaterThan(0);
    expect(await counts(copy)).toEqual(expected);
    expect(await files(copyDir)).toEqual(await files(freshDir));
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
