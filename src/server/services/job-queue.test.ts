import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/test-app";
import { jobsTable } from "../db/schema";
import {
  cancelJob,
  claimNextJob,
  completeJob,
  enqueueDueSlots,
  enqueueJob,
  extendLease,
  failJob,
  jobCounts,
  jobQueueHealth,
  latestSlot,
  listJobs,
  purgeFinishedJobs,
  releaseJob,
  retryDelayMs,
  runJobNow,
  slotKey,
} from "./job-queue";

const LEASE_MS = 60_000;
const at = (iso: string) => new Date(iso);

it("backs off 30 s, 1 min, 2 min … and never more than an hour", () => {
  expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  expect(retryDelayMs(20)).toBe(60 * 60 * 1000);
});

it("finds a schedule's latest slot at or before now, in UTC", () => {
  expect(latestSlot("*/10 * * * *", at("2026-12-06T14:23:11Z")).toISOString()).toBe("2026-12-06T14:20:00.000Z");
  expect(latestSlot("*/10 * * * *", at("2026-12-06T14:20:00Z")).toISOString()).toBe("2026-12-06T14:20:00.000Z");
  expect(latestSlot("0 3 * * *", at("2026-12-06T02:59:59Z")).toISOString()).toBe("2026-12-05T03:00:00.000Z");
});

describeEachDatabase(
  "job queue (D116)",
  (t) => {
    const db = () => t().database.db;
    const now = at("2026-12-06T12:00:00Z");
    const later = (ms: number) => new Date(now.getTime() + ms);
    const claim = (worker: string, when = now, names = ["probe", "other"]) =>
      claimNextJob(db(), { worker, names, now: when, leaseMs: LEASE_MS });
    const row = async (id: number) => (await db().select().from(jobsTable).where(eq(jobsTable.id, id)))[0];

    beforeEach(async () => {
      await db().execute(sql`delete from jobs`);
    });

    it("hands a due job to one worker, marks it running with a lease, and records its success", async () => {
      const job = await enqueueJob(db(), { name: "probe", payload: { gameId: 7 }, runAt: now });
      expect(job).toMatchObject({ state: "queued", attempts: 0, payload: { gameId: 7 } });
      const claimed = await claim("a");
      expect(claimed).toMatchObject({
        id: job!.id,
        state: "running",
        attempts: 1,
        lockedBy: "a",
        lockedUntil: later(LEASE_MS),
      });
      expect(await claim("b")).toBeNull();
      expect(await completeJob(db(), job!.id, "a", later(1000))).toBe(true);
      expect(await row(job!.id)).toMatchObject({
        state: "succeeded",
        finishedAt: later(1000),
        lockedBy: null,
        lockedUntil: null,
      });
    });

    it("waits for a job's time, takes the earliest first, and only the names asked for", async () => {
      const second = await enqueueJob(db(), { name: "probe", runAt: later(-1000) });
      const first = await enqueueJob(db(), { name: "probe", runAt: later(-2000) });
      await enqueueJob(db(), { name: "probe", runAt: later(60_000) });
      await enqueueJob(db(), { name: "unknown-here", runAt: later(-5000) });
      expect((await claim("w"))?.id).toBe(first!.id);
      expect((await claim("w"))?.id).toBe(second!.id);
      expect(await claim("w")).toBeNull();
      expect(await claim("w", later(60_000))).not.toBeNull();
    });

    it("enqueues a unique key once, whatever became of the first", async () => {
      const first = await enqueueJob(db(), { name: "probe", uniqueKey: "probe@slot-1" });
      expect(first).not.toBeNull();
      expect(await enqueueJob(db(), { name: "probe", uniqueKey: "probe@slot-1" })).toBeNull();
      await claim("a");
      await completeJob(db(), first!.id, "a", now);
      expect(await enqueueJob(db(), { name: "probe", uniqueKey: "probe@slot-1" })).toBeNull();
      expect(await enqueueJob(db(), { name: "probe", uniqueKey: "probe@slot-2" })).not.toBeNull();
    });

    it("retries a failed try after a growing delay, keeps the error, and fails the job when its tries are used up", async () => {
      const job = (await enqueueJob(db(), { name: "probe", runAt: now, maxAttempts: 2 }))!;
      await claim("a");
      expect(await failJob(db(), job.id, "a", new Error("feed answered 503"), now)).toBe("queued");
      expect(await row(job.id)).toMatchObject({
        state: "queued",
        attempts: 1,
        lastError: "feed answered 503",
        runAt: later(retryDelayMs(1)),
      });
      expect(await claim("a", later(retryDelayMs(1) - 1))).toBeNull();
      expect(await claim("a", later(retryDelayMs(1)))).toMatchObject({ attempts: 2 });
      expect(await failJob(db(), job.id, "a", "still 503", later(retryDelayMs(1)))).toBe("failed");
      expect(await row(job.id)).toMatchObject({ state: "failed", attempts: 2, lastError: "still 503" });
      expect(await claim("a", later(24 * 60 * 60 * 1000))).toBeNull();
    });

    it("lets another worker take over a job whose lease lapsed (its process was killed), and ignores the old worker after", async () => {
      const job = (await enqueueJob(db(), { name: "probe", runAt: now }))!;
      await claim("killed");
      expect(await claim("survivor", later(LEASE_MS - 1))).toBeNull();
      const taken = await claim("survivor", later(LEASE_MS + 1));
      expect(taken).toMatchObject({ id: job.id, lockedBy: "survivor", attempts: 2 });
      expect(await completeJob(db(), job.id, "killed", later(LEASE_MS + 2))).toBe(false);
      expect(await failJob(db(), job.id, "killed", new Error("late"), later(LEASE_MS + 2))).toBeNull();
      expect(await extendLease(db(), job.id, "killed", later(2 * LEASE_MS))).toBe(false);
      expect(await extendLease(db(), job.id, "survivor", later(3 * LEASE_MS))).toBe(true);
      expect(await claim("third", later(2 * LEASE_MS + 2))).toBeNull();
      expect(await completeJob(db(), job.id, "survivor", later(2 * LEASE_MS))).toBe(true);
    });

    it("gives a job back untried when its process stops", async () => {
      const job = (await enqueueJob(db(), { name: "probe", runAt: now }))!;
      await claim("stopping");
      expect(await releaseJob(db(), job.id, "stopping")).toBe(true);
      expect(await row(job.id)).toMatchObject({ state: "queued", attempts: 0, lockedBy: null });
      expect(await claim("next")).toMatchObject({ id: job.id, attempts: 1 });
    });

    it("runs a queued or failed job now (a failed one with its tries back) and cancels a queued one", async () => {
      const waiting = (await enqueueJob(db(), { name: "probe", runAt: later(3_600_000) }))!;
      expect(await runJobNow(db(), waiting.id, now)).toBe(true);
      expect(await row(waiting.id)).toMatchObject({ state: "queued", runAt: now });

      const broken = (await enqueueJob(db(), { name: "other", runAt: later(10), maxAttempts: 1 }))!;
      await claim("a", later(10));
      // (the claim above took `waiting`, due earlier; finish it and try again for `broken`)
      await completeJob(db(), waiting.id, "a", now);
      await claim("a", later(10));
      expect(await failJob(db(), broken.id, "a", new Error("boom"), later(20))).toBe("failed");
      expect(await runJobNow(db(), broken.id, later(30))).toBe(true);
      expect(await row(broken.id)).toMatchObject({ state: "queued", attempts: 0, finishedAt: null });

      expect(await cancelJob(db(), broken.id, later(40))).toBe(true);
      expect(await row(broken.id)).toMatchObject({ state: "cancelled", finishedAt: later(40) });
      expect(await cancelJob(db(), broken.id, later(50))).toBe(false);
      expect(await runJobNow(db(), waiting.id, later(60))).toBe(false);
      expect(await claim("a", later(100))).toBeNull();
    });

    it("enqueues each schedule's latest slot once across processes, and no missed slots after downtime", async () => {
      const schedules = [
        { name: "probe", cron: "*/10 * * * *" },
        { name: "other", cron: "0 * * * *" },
      ];
      const [fromA, fromB] = await Promise.all([
        enqueueDueSlots(db(), schedules, at("2026-12-06T14:23:00Z")),
        enqueueDueSlots(db(), schedules, at("2026-12-06T14:24:00Z")),
      ]);
      expect([...fromA, ...fromB].map((job) => job.uniqueKey).sort()).toEqual([
        slotKey("other", at("2026-12-06T14:00:00Z")),
        slotKey("probe", at("2026-12-06T14:20:00Z")),
      ]);
      // Down from 14:24 to 17:05: one run of each, for the latest slot.
      const after = await enqueueDueSlots(db(), schedules, at("2026-12-06T17:05:00Z"));
      expect(after.map((job) => [job.name, job.runAt.toISOString()])).toEqual([
        ["probe", "2026-12-06T17:00:00.000Z"],
        ["other", "2026-12-06T17:00:00.000Z"],
      ]);
      expect(await jobCounts(db())).toMatchObject({ queued: 4, running: 0 });
    });

    it("purges finished jobs past the retention and lists the rest, newest first", async () => {
      const old = (await enqueueJob(db(), { name: "probe", runAt: later(-20 * 86_400_000) }))!;
      await claim("a");
      await completeJob(db(), old.id, "a", later(-15 * 86_400_000));
      const recent = (await enqueueJob(db(), { name: "probe", runAt: later(-1000) }))!;
      await claim("a");
      await completeJob(db(), recent.id, "a", now);
      const queued = (await enqueueJob(db(), { name: "other", runAt: later(5000) }))!;
      expect(await purgeFinishedJobs(db(), now)).toBe(1);
      expect((await listJobs(db())).map((job) => job.id)).toEqual([queued.id, recent.id]);
      expect((await listJobs(db(), { state: "succeeded" })).map((job) => job.id)).toEqual([recent.id]);
    });

    it("D164: counts the jobs that failed for good in the last day, and says since when the longest-waiting due job waits", async () => {
      const day = 24 * 60 * 60 * 1000;
      expect(await jobQueueHealth(db(), now)).toEqual({ failedLastDay: 0, oldestWaitingSince: null });
      for (const finishedAt of [later(-day - 1000), later(-day + 1000), later(-60_000)]) {
        const job = (await enqueueJob(db(), { name: "probe", runAt: later(-2 * day), maxAttempts: 1 }))!;
        await claim("a", later(-2 * day));
        await failJob(db(), job.id, "a", new Error("gone"), finishedAt);
      }
      await enqueueJob(db(), { name: "probe", runAt: later(60_000) });
      await enqueueJob(db(), { name: "probe", runAt: later(-30_000) });
      await enqueueJob(db(), { name: "other", runAt: later(-90_000) });
      expect(await jobQueueHealth(db(), now)).toEqual({ failedLastDay: 2, oldestWaitingSince: later(-90_000) });
    });

    it("never hands one job to two workers claiming at the same moment", async () => {
      await Promise.all(Array.from({ length: 6 }, () => enqueueJob(db(), { name: "probe", runAt: now })));
      const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => claim(`w${i}`)));
      const ids = claims.filter((job) => job !== null).map((job) => job.id);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
    });
  },
  { seed: false },
);
