import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/test-app";
import { verifyBackup } from "../services/backups";
import { DiskStore } from "../services/file-store";
import { backupName, listBackups, runDailyBackup, BACKUP_DAILY_SCHEDULE } from "./backup-daily";
import { JOB_SCHEDULES } from "./schedules";

it("names a backup by its UTC time, so that names sort by time", () => {
  expect(backupName(new Date("2026-12-06T03:30:07.900Z"))).toBe("arcadium-20261206-033007Z.tar.gz");
  expect(JOB_SCHEDULES).toContainEqual(BACKUP_DAILY_SCHEDULE);
});

describeEachDatabase(
  "the daily backup (D160)",
  (t) => {
    let root: string;
    beforeAll(async () => {
      root = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-daily-"));
    });
    afterAll(async () => {
      await fs.rm(root, { recursive: true, force: true });
    });

    it("writes today's backup into backups/ and keeps the newest 14, leaving other files alone", async () => {
      const files = new DiskStore(root);
      const day = (n: number) => new Date(Date.UTC(2026, 10, n, 3, 30));
      for (let n = 1; n <= 15; n++) await files.put(`backups/${backupName(day(n))}`, "old");
      await files.put("backups/notes.txt", "mine");
      await files.put("uploads/a.png", "png");

      const now = day(20);
      const { key, removed } = await runDailyBackup({
        database: t().database,
        files,
        now,
        keep: 14,
        appVersion: "1.2.3",
      });

      expect(key).toBe("backups/arcadium-20261120-033000Z.tar.gz");
      const kept = (await listBackups(files)).map((object) => object.key);
      expect(kept).toHaveLength(14);
      expect(kept[0]).toBe(key);
      expect(kept.at(-1)).toBe(`backups/${backupName(day(3))}`);
      expect(removed.sort()).toEqual([`backups/${backupName(day(1))}`, `backups/${backupName(day(2))}`]);
      expect(await files.head("backups/notes.txt")).toBeDefined();
      const manifest = await verifyBackup(() => createReadStream(path.join(root, key)));
      expect(manifest).toMatchObject({ app: { version: "1.2.3" }, createdAt: now.toISOString() });
      expect(manifest.files.map((f) => f.key)).toEqual(["uploads/a.png"]);
    });
  },
  { seed: false },
);
