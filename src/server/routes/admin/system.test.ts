import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { SystemStatusView } from "../../../contract/admin/system";
import { reportCalls } from "../../../test/reports";
import { createUserWithSession, describeEachDatabase, repoRoot } from "../../../test/test-app";
import { migrationsFolder } from "../../db/client";
import { readAppVersion } from "../../services/app-version";
import { DiskStore } from "../../services/file-store";
import { claimNextJob, enqueueJob, failJob } from "../../services/job-queue";
import { newProcessIdentity, recordHeartbeat } from "../../services/process-registry";

describeEachDatabase(
  "the system page's API (D164)",
  (t) => {
    const { call } = reportCalls(t);
    const db = () => t().database.db;

    it("reports the version, migrations, sizes, jobs, last backup, processes of the last minute and this process", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const now = Date.now();
      await db().execute(sql`delete from jobs`);
      await db().execute(sql`delete from processes`);
      // two processes beating, one stopped beating two minutes ago (killed), one gone a day ago
      const web = newProcessIdentity({
        version: "0.1.0+3f2a9c1",
        roles: ["site", "games", "jobs"],
        startedAt: new Date(now - 3_600_000),
      });
      const worker = {
        ...newProcessIdentity({ version: "0.1.1", roles: ["jobs"], startedAt: new Date(now - 60_000) }),
        host: "worker-2",
        pid: 41,
      };
      const killed = newProcessIdentity({ version: "0.1.0", roles: ["site"], startedAt: new Date(now - 7_200_000) });
      await recordHeartbeat(db(), web, new Date(now - 5_000));
      await recordHeartbeat(db(), worker, new Date(now - 14_000));
      await recordHeartbeat(db(), killed, new Date(now - 120_000));
      // a job waiting five minutes, one waiting for its time, one that failed for good an hour ago
      await enqueueJob(db(), { name: "housekeeping", runAt: new Date(now - 300_000) });
      await enqueueJob(db(), { name: "account-deletion", runAt: new Date(now + 3_600_000) });
      const failing = (await enqueueJob(db(), {
        name: "feed-sync",
        runAt: new Date(now - 7_200_000),
        maxAttempts: 1,
      }))!;
      await claimNextJob(db(), { worker: "w", names: ["feed-sync"], now: new Date(now - 3_700_000), leaseMs: 60_000 });
      await failJob(db(), failing.id, "w", new Error("feed answered 503"), new Date(now - 3_600_000));
      // the newest backup, and an older one
      const store = new DiskStore(t().config.dataDir);
      await store.put("backups/arcadium-old.tar.gz", "o".repeat(10));
      await fs.utimes(
        path.join(t().config.dataDir, "backups", "arcadium-old.tar.gz"),
        new Date(now - 86_400_000),
        new Date(now - 86_400_000),
      );
      await store.put("backups/arcadium-new.tar.gz", "n".repeat(2048));
      let bytes = 0;
      let objects = 0;
      for await (const object of store.list("")) {
        bytes += object.size;
        objects += 1;
      }

      const res = await call(admin, "GET", "/api/admin/system");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      const status = res.json() as SystemStatusView;

      expect(status.version).toEqual(await readAppVersion(repoRoot));
      const journal = JSON.parse(
        await fs.readFile(path.join(migrationsFolder(repoRoot), "meta", "_journal.json"), "utf8"),
      ) as {
        entries: Array<{ tag: string }>;
      };
      expect(status.migrations).toMatchObject({
        applied: journal.entries.length,
        files: journal.entries.length,
        pending: [],
        unknown: 0,
      });
      expect(status.migrations.newest).toMatchObject({
        name: journal.entries.at(-1)!.tag,
        appliedAt: expect.any(String),
      });
      expect(status.database).toMatchObject({ kind: t().kind, folderBytes: null });
      expect(status.database.bytes).toBeGreaterThan(1024 * 1024);
      expect(status.storage).toMatchObject({ kind: "disk", bytes, objects, counting: false, error: null });
      expect(objects).toBeGreaterThan(2);
      expect(Date.parse(status.storage.countedAt!)).toBeGreaterThanOrEqual(now - 1000);
      expect(status.jobs).toEqual({
        counts: { queued: 2, running: 0, succeeded: 0, failed: 1, cancelled: 0 },
        failedLastDay: 1,
        oldestWaitingSince: new Date(now - 300_000).toISOString(),
      });
      expect(status.lastBackup).toMatchObject({ key: "backups/arcadium-new.tar.gz", bytes: 2048 });
      expect(Math.abs(Date.parse(status.lastBackup!.at) - now)).toBeLessThan(60_000);
      expect(status.processes).toEqual([
        { ...web, startedAt: web.startedAt.toISOString(), seenAt: new Date(now - 5_000).toISOString() },
        { ...worker, startedAt: worker.startedAt.toISOString(), seenAt: new Date(now - 14_000).toISOString() },
      ]);
      expect(status.thisProcess).toMatchObject({ pid: process.pid, nodeVersion: process.version });
      expect(status.thisProcess.rssBytes).toBeGreaterThan(status.thisProcess.heapUsedBytes);
      expect(status.thisProcess.uptimeSeconds).toBeGreaterThan(0);
    });

    it("says there is no backup yet", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      await new DiskStore(t().config.dataDir).removePrefix("backups/");
      expect(((await call(admin, "GET", "/api/admin/system")).json() as SystemStatusView).lastBackup).toBeNull();
    });

    it("is for admins only", async () => {
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const player = await createUserWithSession(t());
      expect((await call(moderator, "GET", "/api/admin/system")).statusCode).toBe(403);
      expect((await call(player, "GET", "/api/admin/system")).statusCode).toBe(403);
      expect((await call(undefined, "GET", "/api/admin/system")).statusCode).toBe(401);
    });
  },
  { demo: false },
);
