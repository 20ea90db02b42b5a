import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dropDatabasesStartingWith } from "./postgres-templates";

/**
 * The server project's global setup: a folder for this run's database templates (src/test/pglite-templates.ts) and,
 * with TEST_DATABASE_URL, the name prefix of this run's PostgreSQL databases (src/test/postgres-templates.ts),
 * provided to the test workers; after the run the folder is removed and those databases are dropped.
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-test-templates-"));
  project.provide("pgliteTemplatesDir", dir);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const prefix = adminUrl ? `arcadium_test_${crypto.randomBytes(4).toString("hex")}` : "";
  project.provide("postgresTemplatePrefix", prefix);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    if (adminUrl) await dropDatabasesStartingWith(adminUrl, prefix);
  };
}
