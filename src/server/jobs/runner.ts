import { randomBytes } from "node:crypto";
import os from "node:os";
import type { Db } from "../db/client";
import {
  claimNextJob,
  completeJob,
  enqueueDueSlots,
  extendLease,
  failJob,
  releaseJob,
  requeueAbandoned,
  type Job,
  type JobSchedule,
} from "../services/job-queue";

/** What a job's handler gets: its row, and a signal that aborts when the process stops or the job stops being ours. */
export type JobContext = { job: Job; signal: AbortSignal };
export type JobHandler = (context: JobContext) => Promise<void>;

export type JobRunnerOptions = {
  db: Db;
  handlers: Record<string, JobHandler>;
  schedules: readonly JobSchedule[];
  now: () => Date;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** how often an idle runner looks for due jobs and schedule slots */
  pollMs?: number;
  /** how long a claimed job is ours without news from us; renewed every third of it while the handler runs */
  leaseMs?: number;
};

export const JOB_POLL_MS = 2000;
export const JOB_LEASE_MS = 5 * 60 * 1000;

/** A name for this process in the jobs it holds: the host, the pid and a random part (a restarted pid is another worker). */
export const workerName = () => `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether `worker` was a process of this host that is gone: an earlier process under our own pid (a container's
 * restarted pid 1), or a pid no longer running. A worker of another host is never judged here: its lease decides.
 */
export function isGoneFromThisHost(
  worker: string,
  self: string,
  running: (pid: number) => boolean = isRunning,
): boolean {
  const [host, pidText] = worker.split(":");
  const [selfHost, selfPid] = self.split(":");
  if (host !== selfHost || worker === self || !/^\d+$/.test(pidText ?? "")) return false;
  return pidText === selfPid || !running(Number(pidText));
}

/**
 * Runs the queue's jobs in this process (D116), one at a time: enqueues each schedule's due slot, claims the earliest
 * due job, runs its handler and records the outcome, and looks again at once after a job or every `pollMs` when idle.
 * Every process may run one: the queue hands each job to one of them.
 */
export class JobRunner {
  readonly worker = workerName();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<boolean> | undefined;
  private stopping = new AbortController();
  private started = false;
  private abandonedChecked = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.pollMs = options.pollMs ?? JOB_POLL_MS;
    this.leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Look for work now (after an enqueue in this process), instead of at the next poll. */
  wake(): void {
    if (this.started && !this.stopping.signal.aborted && !this.current) this.schedule(0);
  }

  /** Stops polling, asks a running handler to stop, and waits for it; a job it gave up goes back to the queue untried. */
  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.current?.catch(() => undefined);
  }

  /**
   * One round: at the first, the jobs that earlier processes on this host left running (killed mid-run) go back to the
   * queue at once, rather than after their leases; then the schedules' due slots, then at most one job. Answers
   * whether a job ran.
   */
  async runOnce(): Promise<boolean> {
    const { db, handlers, schedules, now, log } = this.options;
    if (!this.abandonedChecked) {
      const requeued = await requeueAbandoned(db, (worker) => isGoneFromThisHost(worker, this.worker), now());
      if (requeued > 0) log.info({ jobs: requeued }, "jobs left running by an earlier process requeued");
      this.abandonedChecked = true;
    }
    await enqueueDueSlots(db, schedules, now());
    const job = await claimNextJob(db, {
      worker: this.worker,
      names: Object.keys(handlers),
      now: now(),
      leaseMs: this.leaseMs,
    });
    if (!job) return false;
    await this.run(job, handlers[job.name]);
    return true;
  }

  // One round at a time: a wake while a round is already due replaces that round instead of starting a second loop.
  private schedule(delayMs: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.current = this.runOnce();
      void this.current
        .catch((err: unknown) => {
          this.options.log.warn({ err }, "job queue unreachable");
          return false;
        })
        .then((ran) => {
          this.current = undefined;
          if (!this.stopping.signal.aborted) this.schedule(ran ? 0 : this.pollMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  private async run(job: Job, handler: JobHandler) {
    const { db, now, log } = this.options;
    const lost = new AbortController();
    const signal = AbortSignal.any([this.stopping.signal, lost.signal]);
    const renew = setInterval(
      () =>
        void extendLease(db, job.id, this.worker, new Date(now().getTime() + this.leaseMs)).then(
          (ours) => ours || lost.abort(),
          () => undefined,
        ),
      Math.max(1000, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    const started = Date.now();
    try {
      await handler({ job, signal });
      clearInterval(renew);
      const recorded = await completeJob(db, job.id, this.worker, now());
      const details = { job: job.name, id: job.id, ms: Date.now() - started };
      if (recorded) log.info(details, "job done");
      else log.warn(details, "job finished after it stopped being this process's (cancelled or taken over)");
    } catch (err) {
      clearInterval(renew);
      if (this.stopping.signal.aborted) {
        await releaseJob(db, job.id, this.worker);
        return;
      }
      const state = await failJob(db, job.id, this.worker, err, now());
      log.warn({ err, job: job.name, id: job.id, attempts: job.attempts, state }, "job failed");
    }
  }
}
