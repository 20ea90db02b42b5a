import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../test/test-app";
import { jobsTable } from "../db/schema";
import { enqueueJob, slotKey } from "../services/job-queue";
import { isGoneFromThisHost, JobRunner, type JobHandler, type JobRunnerOptions } from "./runner";

const quiet = { info: () => undefined, warn: () => undefined };

it("judges gone only the earlier processes of this host: its own pid under another name, or a pid not running", () => {
  const self = "box:100:aaaaaa";
  const running = (pid: number) => pid === 200;
  expect(isGoneFromThisHost("box:100:bbbbbb", self, running)).toBe(true);
  expect(isGoneFromThisHost("box:300:cccccc", self, running)).toBe(true);
  expect(isGoneFromThisHost("box:200:dddddd", self, running)).toBe(false);
  expect(isGoneFromThisHost(self, self, running)).toBe(false);
  expect(isGoneFromThisHost("other-box:300:eeeeee", self, running)).toBe(false);
  expect(isGoneFromThisHost("box:not-a-pid:ffffff", self, running)).toBe(false);
});

describeEachDatabase(
  "job runner (D116)",
  (t) => {
    const db = () => t().database.db;
    const now = new Date("2026-12-06T14:23:00Z");
    const runner = (handlers: Record<string, JobHandler>, options: Partial<JobRunnerOptions> = {}) =>
      new JobRunner({ db: db(), handlers, schedules: [], now: () => now, log: quiet, pollMs: 20, ...options });
    const jobsNamed = (name: string) => db().select().from(jobsTable).where(eq(jobsTable.name, name));

    beforeEach(async () => {
      await db().execute(sql`delete from jobs`);
    });

    it("runs a schedule's due slot once, with the job's row, and records it done", async () => {
      const seen: number[] = [];
      const r = runner(
        { tidy: async ({ job }) => void seen.push(job.id) },
        { schedules: [{ name: "tidy", cron: "*/10 * * * *" }] },
      );
      expect(await r.runOnce()).toBe(true);
      expect(await r.runOnce()).toBe(false);
      const [job] = await jobsNamed("tidy");
      expect(seen).toEqual([job.id]);
      expect(job).toMatchObject({
        state: "succeeded",
        attempts: 1,
        uniqueKey: slotKey("tidy", new Date("2026-12-06T14:20:00Z")),
      });
    });

    it("at its first round, takes back at once a job that an earlier process on this host was killed running", async () => {
      const seen: number[] = [];
      const r = runner({ resumable: async ({ job }) => void seen.push(job.id) });
      const [host, pid] = r.worker.split(":");
      const job = (await enqueueJob(db(), { name: "resumable", runAt: now }))!;
      // What a process killed mid-run leaves: running, its lease an hour from now, under this host and pid.
      await db()
        .update(jobsTable)
        .set({
          state: "running",
          attempts: 1,
          lockedBy: `${host}:${pid}:0ld0ne`,
          lockedUntil: new Date(now.getTime() + 3_600_000),
        })
        .where(eq(jobsTable.id, job.id));
      expect(await r.runOnce()).toBe(true);
      expect(seen).toEqual([job.id]);
      const [done] = await jobsNamed("resumable");
      expect(done).toMatchObject({ state: "succeeded", attempts: 2 });
    });

    it("puts a failed run back in the queue with its error", async () => {
      await enqueueJob(db(), { name: "flaky", runAt: now });
      const r = runner({
        flaky: async () => {
          throw new Error("cover host timed out");
        },
      });
      expect(await r.runOnce()).toBe(true);
      const [job] = await jobsNamed("flaky");
      expect(job).toMatchObject({ state: "queued", attempts: 1, lastError: "cover host timed out" });
      expect(job.runAt.getTime()).toBeGreaterThan(now.getTime());
    });

    it("on its own, finds work as it comes, and on stop gives back the job it was running, untried", async () => {
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const r = runner({
        slow: ({ signal }) =>
          new Promise<void>((_, reject) => {
            started();
            signal.addEventListener("abort", () => reject(new Error("stopped")));
          }),
      });
      r.start();
      await enqueueJob(db(), { name: "slow", runAt: now });
      r.wake();
      await running;
      const [claimed] = await jobsNamed("slow");
      expect(claimed).toMatchObject({ state: "running", lockedBy: r.worker });
      await r.stop();
      const [released] = await jobsNamed("slow");
      expect(released).toMatchObject({ state: "queued", attempts: 0, lockedBy: null });
    });

    it("runs one job at a time, even when woken while its next round is already due", async () => {
      let active = 0;
      let mostAtOnce = 0;
      const done: number[] = [];
      const r = runner({
        one: async ({ job }) => {
          mostAtOnce = Math.max(mostAtOnce, ++active);
          await new Promise((resolve) => setTimeout(resolve, 50));
          active -= 1;
          done.push(job.id);
        },
      });
      await enqueueJob(db(), { name: "one", runAt: now });
      await enqueueJob(db(), { name: "one", runAt: now });
      r.start();
      r.wake();
      await vi.waitFor(() => expect(done).toHaveLength(2), { timeout: 10_000 });
      await r.stop();
      expect(mostAtOnce).toBe(1);
    });

    it("renews the lease while a job runs, and aborts the handler when the job is no longer its own", async () => {
      let aborted = false;
      let jobId = 0;
      const r = runner(
        {
          long: ({ job, signal }) =>
            new Promise<void>((resolve) => {
              jobId = job.id;
              signal.addEventListener("abort", () => {
                aborted = true;
                resolve();
              });
            }),
        },
        { leaseMs: 3000 },
      );
      await enqueueJob(db(), { name: "long", runAt: now });
      const run = r.runOnce();
      await vi.waitFor(() => expect(jobId).not.toBe(0));
      // Another process took it over (the lease was thought lapsed): the next renewal finds it gone.
      await db().update(jobsTable).set({ lockedBy: "someone-else" }).where(eq(jobsTable.id, jobId));
      await vi.waitFor(() => expect(aborted).toBe(true), { timeout: 5000 });
      await run;
      const [job] = await jobsNamed("long");
      expect(job).toMatchObject({ state: "running", lockedBy: "someone-else" });
    });
  },
  { seed: false },
);
