import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../test/paths";
import { databaseTemplate, prepareDatabase } from "./boot";
import { loadConfig } from "./config";
import { DataDirLockedError, LOCK_FILE } from "./services/data-dir-lock";
import { DiskStore } from "./services/file-store";

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

describe("prepareDatabase on the embedded database", () => {
  it("refuses a data folder another running process holds, before opening its database", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-boot-"));
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => other.once("spawn", resolve));
      const lock = JSON.stringify({ pid: other.pid, host: os.hostname(), startedAt: new Date().toISOString() });
      await fs.writeFile(path.join(dataDir, LOCK_FILE), lock);
      const config = loadConfig({ DATA_DIR: dataDir }, repoRoot);
      await expect(prepareDatabase(config, new DiskStore(dataDir))).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(fs.access(path.join(dataDir, "db", "PG_VERSION"))).rejects.toThrow();
    } finally {
      other.kill("SIGKILL");
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
