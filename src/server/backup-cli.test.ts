import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { repoRoot } from "../test/paths";
import { seedDatabase } from "../test/pglite-templates";
import { storedFiles, tableContents } from "../test/site-contents";
import { serveBackups } from "./backup-socket";
import { createDb, migrate } from "./db/client";
import { writeBackup } from "./services/backups";
import { LOCK_FILE, lockDataDir } from "./services/data-dir-lock";
import { DiskStore } from "./services/file-store";

const folders: string[] = [];
const temp = async (name: string) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `arc-${name}-`));
  folders.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
});

/** `npm run backup|restore -- FILE` as a self-hoster runs it, with DATA_DIR set. */
function cli(
  command: "backup" | "restore",
  file: string,
  dataDir: string,
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "scripts", "backup.mjs"), command, file], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, out, err }));
  });
}

it("backs up a running embedded site through its socket, restores it into an empty DATA_DIR, and refuses a second restore (D160)", async () => {
  const siteDir = await temp("site");
  const newDir = await temp("new");
  const archives = await temp("archives");
  const site = await createDb({ kind: "pglite", dataDir: path.join(siteDir, "db") });
  const siteFiles = new DiskStore(siteDir);
  await migrate(site, repoRoot);
  await seedDatabase(site, siteDir, "demo");
  await siteFiles.put("uploads/avatars/a.png", Buffer.from([137, 80, 78, 71, 0, 1]));
  // the server holds the embedded database: the command line must ask it
  const socket = (await serveBackups({
    dataDir: siteDir,
    write: (out) => writeBackup(site, siteFiles, out),
    log: { info() {}, warn() {} },
  }))!;
  const archive = path.join(archives, "site.tar.gz");
  try {
    const backup = await cli("backup", archive, siteDir);
    expect(backup.err).toBe("");
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.out).toMatch(/asking it for the backup/);
    expect(backup.out).toMatch(/Backup written to .*site\.tar\.gz/);
    expect((await cli("backup", archive, siteDir)).err).toMatch(/already exists/);
    expect((await cli("restore", archive, siteDir)).err).toMatch(/Arcadium is running on/);
  } finally {
    await socket.close();
  }

  const restored = await cli("restore", archive, newDir);
  expect(restored.err).toBe("");
  expect(restored).toMatchObject({ code: 0 });
  const again = await cli("restore", archive, newDir);
  expect(again.code).toBe(1);
  expect(again.err).toMatch(/database is not empty/);

  const copy = await createDb({ kind: "pglite", dataDir: path.join(newDir, "db") });
  try {
    expect(await tableContents(copy.db)).toEqual(await tableContents(site.db));
    expect(await storedFiles(new DiskStore(newDir))).toEqual(await storedFiles(siteFiles));
  } finally {
    await copy.close();
    await site.close();
  }
  // a server that holds the folder but has no socket (a DATA_DIR path too long for one) is never opened beside it
  const held = await lockDataDir(newDir);
  const refused = await cli("backup", path.join(archives, "beside.tar.gz"), newDir);
  await held.release();
  expect(refused.code).toBe(1);
  expect(refused.err).toMatch(
    new RegExp(`running on .* \\(pid ${process.pid}\\) and cannot be asked through its backup socket`),
  );
  // no server on the restored folder: the command line opens the embedded database itself
  const direct = await cli("backup", path.join(archives, "restored.tar.gz"), newDir);
  expect(direct.out).toMatch(/Writing a backup of the embedded database/);
  expect(direct.code).toBe(0);
  await expect(fs.access(path.join(newDir, LOCK_FILE)), "the command line released its lock").rejects.toThrow();
  expect((await cli("backup", path.join(archives, "x.tar.gz"), path.join(archives, "nothing"))).err).toMatch(
    /no Arcadium database/,
  );
}, 240_000);
