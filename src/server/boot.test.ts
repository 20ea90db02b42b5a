import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTemplate } from "./boot";

describe("databaseTemplate (D163)", () => {
  let root: string;
  let pgliteDir: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-boot-"));
    pgliteDir = path.join(root, "data", "db");
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it("gives the build's empty database for a folder that holds none", async () => {
    await fs.mkdir(path.join(root, "dist", "pglite"), { recursive: true });
    await fs.writeFile(path.join(root, "dist", "pglite", "empty-database.tar.gz"), "dump");
    const blob = await databaseTemplate(root, pgliteDir);
    expect(await blob?.text()).toBe("dump");
  });

  it("gives nothing once the folder holds a database, or when the build made none", async () => {
    expect(await databaseTemplate(root, pgliteDir)).toBeUndefined();
    await fs.mkdir(path.join(root, "dist", "pglite"), { recursive: true });
    await fs.writeFile(path.join(root, "dist", "pglite", "empty-database.tar.gz"), "dump");
    await fs.mkdir(pgliteDir, { recursive: true });
    await fs.writeFile(path.join(pgliteDir, "PG_VERSION"), "18\n");
    expect(await databaseTemplate(root, pgliteDir)).toBeUndefined();
  });
});
