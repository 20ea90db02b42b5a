import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * The server project's global setup: a folder for this run's PGlite templates (src/test/pglite-templates.ts),
 * provided to the test workers and removed after the run.
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-test-templates-"));
  project.provide("pgliteTemplatesDir", dir);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
