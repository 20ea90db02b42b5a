import { sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import type { JobsPage, JobView } from "../../../contract/jobs";
import { reportCalls } from "../../../test/reports";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { claimNextJob, enqueueJob } from "../../services/job-queue";

describeEachDatabase(
  "the job queue in the CMS (D116)",
  (t) => {
    const { call, auditOf } = reportCalls(t);
    const db = () => t().database.db;
    const page = async (who: Awaited<ReturnType<typeof createUserWithSession>>, query = "") => {
      const res = await call(who, "GET", `/api/admin/jobs${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as JobsPage;
    };

    beforeEach(async () => {
      await db().execute(sql`delete from jobs`);
    });

    it("lists the jobs newest first with their counts and schedules, filtered by state; admins only", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const player = await createUserWithSession(t());
      const now = new Date();
      await enqueueJob(db(), { name: "housekeeping", runAt: new Date(now.getTime() - 60_000) });
      await claimNextJob(db(), { worker: "probe", names: ["housekeeping"], now, leaseMs: 60_000 });
      await enqueueJob(db(), { name: "account-deletion", runAt: now });
      const later = await enqueueJob(db(), { name: "account-deletion", runAt: new Date(now.getTime() + 3_600_000) });

      const all = await page(admin);
      expect(all.jobs.map((job) => job.name)).toEqual(["account-deletion", "account-deletion", "housekeeping"]);
      expect(all.jobs[0]).toMatchObject({ id: later!.id, state: "queued", attempts: 0, lastError: null });
      expect(all.jobs[2]).toMatchObject({ state: "running", attempts: 1, lockedBy: "probe" });
      expect(all.counts).toEqual({ queued: 2, running: 1, succeeded: 0, failed: 0, cancelled: 0 });
      expect(all.schedules.map((s) => [s.name, s.cron])).toEqual([
        ["account-deletion", "0 * * * *"],
        ["housekeeping", "*/10 * * * *"],
        ["backup.daily", "30 3 * * *"],
        ["season.rollover", "5 * * * *"],
        ["feeds.schedule", "*/5 * * * *"],
        ["games.embed-check", "20 4 * * *"],
        ["rooms.purge", "*/10 * * * *"],
        ["numbers.rollup", "15 0 * * *"],
        ["builds.publish", "* * * * *"],
      ]);
      for (const schedule of all.schedules)
        expect(Date.parse(schedule.nextRunAt)).toBeGreaterThan(now.getTime() - 1000);
      expect((await page(admin, "?state=running")).jobs.map((job) => job.name)).toEqual(["housekeeping"]);

      expect((await call(moderator, "GET", "/api/admin/jobs")).statusCode).toBe(403);
      expect((await call(player, "GET", "/api/admin/jobs")).statusCode).toBe(403);
      expect((await call(undefined, "GET", "/api/admin/jobs")).statusCode).toBe(401);
      expect((await call(admin, "GET", "/api/admin/jobs?state=lost")).statusCode).toBe(400);
    });

    it("runs a scheduled job now, runs a waiting one now, cancels a queued one, and refuses the rest; each recorded", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const started = await call(admin, "POST", "/api/admin/jobs", { name: "housekeeping" });
      expect(started.statusCode).toBe(201);
      const job = started.json() as JobView;
      expect(job).toMatchObject({ name: "housekeeping", state: "queued" });
      expect(Date.parse(job.runAt)).toBeLessThanOrEqual(Date.now());
      const unknown = await call(admin, "POST", "/api/admin/jobs", { name: "format-the-disk" });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({
        message: expect.stringMatching(/^There is no such job; the jobs are .*housekeeping/),
      });
      expect(unknown.body).not.toContain("format-the-disk");

      const waiting = (await enqueueJob(db(), { name: "account-deletion", runAt: new Date(Date.now() + 3_600_000) }))!;
      expect((await call(admin, "POST", `/api/admin/jobs/${waiting.id}/run`)).statusCode).toBe(204);
      expect(
        (await page(admin, "?state=queued")).jobs.find((j) => j.id === waiting.id)!.runAt <= new Date().toISOString(),
      ).toBe(true);

      expect((await call(admin, "POST", `/api/admin/jobs/${job.id}/cancel`)).statusCode).toBe(204);
      const again = await call(admin, "POST", `/api/admin/jobs/${job.id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: "Only a queued job can be cancelled" });
      expect((await call(admin, "POST", `/api/admin/jobs/${job.id}/run`)).json()).toMatchObject({
        message: "Only a queued or failed job can be run now",
      });
      expect((await call(admin, "POST", "/api/admin/jobs/987654321/run")).statusCode).toBe(404);

      const recorded = await auditOf(admin, `action=job.&actorId=${admin.user.id}`);
      expect(recorded.map((e) => [e.action, e.targetId])).toEqual([
        ["job.cancel", String(job.id)],
        ["job.run", String(waiting.id)],
        ["job.enqueue", String(job.id)],
      ]);
      expect(recorded[0]).toMatchObject({ before: { name: "housekeeping", state: "queued" } });
    });
  },
  { seed: false },
);
