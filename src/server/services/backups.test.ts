import { createReadStream } from "node:fs";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  insertChatMessage,
  insertDirectMessage,
  insertFriendship,
  insertGame,
  insertUser,
  recordScore,
} from "../../test/factories";
import { storedFiles, tableContents } from "../../test/site-contents";
import { buildTestApp, describeEachDatabase, type TestApp } from "../../test/test-app";
import type { Database } from "../db/client";
import { BackupError, restoreBackup, verifyBackup, writeBackup } from "./backups";
import { DiskStore, type FileStore } from "./file-store";

describeEachDatabase("backups (D160)", (t) => {
  let target: TestApp;
  let work: string;
  let archive: string;
  const source = (): { database: Database; files: FileStore } => ({
    database: t().database,
    files: new DiskStore(t().config.dataDir),
  });
  const targetStore = () => new DiskStore(target.config.dataDir);
  const open = (file: string) => () => createReadStream(file);

  beforeAll(async () => {
    target = await buildTestApp(t().kind, { seed: false });
    work = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-backup-"));
    archive = path.join(work, "site.tar.gz");
    const db = t().database.db;
    const [alice, bob] = [await insertUser(db, { username: "alice_b" }), await insertUser(db, { username: "bob_b" })];
    const game = await insertGame(db, { title: "Backup Blaster" });
    await recordScore(db, { userId: alice.id, gameId: game.id, score: 4200, won: true });
    await insertChatMessage(db, { userId: bob.id, message: 'Ünïcode "quoted" \\ back\nslash' });
    await insertDirectMessage(db, { senderId: alice.id, recipientId: bob.id });
    await insertFriendship(db, alice.id, bob.id);
    await db.execute(sql`update users set created_at = '2026-01-02T03:04:05.123456Z' where id = ${alice.id}`);
    const { files } = source();
    await files.put(`games/${game.id}/index.html`, "<!doctype html><title>x</title>");
    await files.put(`games/${game.id}/big.bin`, Buffer.alloc(3 * 1024 * 1024 + 7, 0xab));
    await files.put("uploads/covers/odd name+@.png", Buffer.from([0, 1, 2, 255, 254]));
    await files.put("backups/arcadium-20260101-000000Z.tar.gz", "an older backup, never inside a new one");
  });

  afterAll(async () => {
    await target?.close();
    await fs.rm(work, { recursive: true, force: true });
  });

  it("writes an archive that restores into an empty database and store with every row and file the same", async () => {
    const { database, files } = source();
    const manifest = await writeBackup(database, files, createWriteStream(archive), { appVersion: "9.9.9" });
    expect(manifest.database.tables.find((table) => table.name === "users")!.rows).toBeGreaterThan(2);
    expect(manifest.files.map((f) => f.key)).not.toContain("backups/arcadium-20260101-000000Z.tar.gz");
    expect(manifest.files.find((f) => f.key.endsWith("big.bin"))!.size).toBe(3 * 1024 * 1024 + 7);
    const order = manifest.database.tables.map((table) => table.name);
    expect(order.indexOf("users")).toBeLessThan(order.indexOf("scores"));

    await restoreBackup(open(archive), target.database, targetStore());

    expect(await tableContents(target.database.db)).toEqual(await tableContents(database.db));
    const expected = await storedFiles(files);
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(3);
    expect(await storedFiles(targetStore())).toEqual(expected);
    // the sequences continue after the restored rows: a new user gets a fresh id
    const next = await insertUser(target.database.db, { username: "after_restore" });
    const [{ max }] = (await database.db.execute(sql`select max(id) as max from users`)).rows as Array<{ max: number }>;
    expect(next.id).toBeGreaterThan(Number(max));
  });

  it("refuses a target that holds rows or files, and changes nothing", async () => {
    const before = await tableContents(target.database.db);
    await expect(restoreBackup(open(archive), target.database, targetStore())).rejects.toThrow(/database is not empty/);
    expect(await tableContents(target.database.db)).toEqual(before);

    const emptyDb = await buildTestApp(t().kind, { seed: false });
    try {
      const store = new DiskStore(emptyDb.config.dataDir);
      await store.put("uploads/already-here.txt", "x");
      await expect(restoreBackup(open(archive), emptyDb.database, store)).rejects.toThrow(/file store is not empty/);
      expect(Object.values(await tableContents(emptyDb.database.db)).flat()).toEqual([]);
    } finally {
      await emptyDb.close();
    }
  });

  it("refuses a damaged archive before writing anything", async () => {
    const whole = await fs.readFile(archive);
    const damaged = path.join(work, "damaged.tar.gz");
    const flipped = Buffer.from(whole);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    await fs.writeFile(damaged, flipped);
    const truncated = path.join(work, "truncated.tar.gz");
    await fs.writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.9)));
    await expect(verifyBackup(open(damaged))).rejects.toThrow(BackupError);
    await expect(verifyBackup(open(truncated))).rejects.toThrow(BackupError);

    const emptyDb = await buildTestApp(t().kind, { seed: false });
    try {
      const store = new DiskStore(emptyDb.config.dataDir);
      await expect(restoreBackup(open(damaged), emptyDb.database, store)).rejects.toThrow(BackupError);
      expect(Object.values(await tableContents(emptyDb.database.db)).flat()).toEqual([]);
      expect(await storedFiles(store)).toEqual({});
    } finally {
      await emptyDb.close();
    }
  });

  it("is one instant of the database while the site writes: new players and their messages arrive during the backup", async () => {
    const { database, files } = source();
    const during = path.join(work, "during.tar.gz");
    let done = false;
    let written = 0;
    const writer = (async () => {
      while (!done) {
        // a player and their first message in one transaction: a torn dump would hold the message without the player
        await database.db.transaction(async (tx) => {
          const user = await insertUser(tx as never, { username: `live_${written}` });
          await insertChatMessage(tx as never, { userId: user.id, message: `hi ${written}` });
        });
        written++;
        // PGlite answers within the microtask queue: yield, as requests arriving over the network do
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const manifest = await writeBackup(database, files, createWriteStream(during));
    done = true;
    await writer;
    expect(written).toBeGreaterThan(0);

    const emptyDb = await buildTestApp(t().kind, { seed: false });
    try {
      await restoreBackup(open(during), emptyDb.database, new DiskStore(emptyDb.config.dataDir));
      const restored = await tableContents(emptyDb.database.db);
      expect(restored.users).toHaveLength(manifest.database.tables.find((table) => table.name === "users")!.rows);
      const live = restored.users.filter((row) => row.includes('"username":"live_')).length;
      const liveMessages = restored.chat_messages.filter((row) => row.includes('"message":"hi ')).length;
      expect(liveMessages).toBe(live);
    } finally {
      await emptyDb.close();
    }
  });
});
