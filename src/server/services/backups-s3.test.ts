import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../test/s3-server";
import { storedFiles, tableContents } from "../../test/site-contents";
import { buildTestApp, describeEachDatabase, type TestApp } from "../../test/test-app";
import { listBackups, runDailyBackup } from "../jobs/backup-daily";
import { restoreBackup, writeBackup } from "./backups";

/** D160 with D162: the same backups when the stored files live in a bucket, through the FileStore interface only. */
describeEachDatabase("backups with object storage (D160)", (t) => {
  let s3: TestS3Server;
  let target: TestApp;
  let work: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    target = await buildTestApp(t().kind, { seed: false });
    work = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-backup-s3-"));
  });
  afterAll(async () => {
    await target?.close();
    await s3?.stop();
    await fs.rm(work, { recursive: true, force: true });
  });

  it("backs up a bucket's files with the database and restores them into an empty bucket, byte for byte", async () => {
    const source = await s3.emptyStore();
    await source.put("games/1/index.html", "<!doctype html><title>1</title>");
    await source.put("games/1/assets/big.bin", Buffer.alloc(6 * 1024 * 1024 + 3, 0x5a));
    await source.put("uploads/avatars/a.png", Buffer.from([137, 80, 78, 71]));
    const { key } = await runDailyBackup({
      database: t().database,
      files: source,
      now: new Date(),
      keep: 14,
      appVersion: "test",
    });
    expect((await listBackups(source)).map((object) => object.key)).toEqual([key]);

    const archive = path.join(work, "site.tar.gz");
    await writeBackup(t().database, source, createWriteStream(archive));
    const restoredStore = await s3.emptyStore();
    await restoreBackup(() => createReadStream(archive), target.database, restoredStore);
    expect(await storedFiles(restoredStore)).toEqual(await storedFiles(source));
    expect(await tableContents(target.database.db)).toEqual(await tableContents(t().database.db));
  });
});
