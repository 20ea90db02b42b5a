import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  enqueueJobSchema,
  jobIdParamsSchema,
  jobsPageSchema,
  jobsQuerySchema,
  jobViewSchema,
  type JobView,
} from "../../../contract/jobs";
import type { AppContext } from "../../context";
import { Conflict, Invalid, NotFound } from "../../errors";
import { JOB_SCHEDULES } from "../../jobs/schedules";
import { cancelJob, enqueueJob, jobCounts, listJobs, nextSlot, runJobNow, type Job } from "../../services/job-queue";
import { adminErrorResponses } from "./validation";

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const view = (job: Job): JobView => ({
  id: job.id,
  name: job.name,
  state: job.state,
  runAt: job.runAt.toISOString(),
  attempts: job.attempts,
  maxAttempts: job.maxAttempts,
  lastError: job.lastError,
  lockedBy: job.lockedBy,
  createdAt: job.createdAt.toISOString(),
  startedAt: iso(job.startedAt),
  finishedAt: iso(job.finishedAt),
});

/** D116: the job queue in the CMS (admins only: not in MODERATOR_ROUTES): read it, run a job now, cancel one. */
export const adminJobRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, settings }) => {
  app.get(
    "/api/admin/jobs",
    { schema: { querystring: jobsQuerySchema, response: { 200: jobsPageSchema, ...adminErrorResponses } } },
    async (request) => {
      const now = settings.now();
      const [jobs, counts] = await Promise.all([listJobs(db, request.query), jobCounts(db)]);
      return {
        jobs: jobs.map(view),
        counts,
        schedules: JOB_SCHEDULES.map(({ name, cron }) => ({
          name,
          cron,
          nextRunAt: nextSlot(cron, now).toISOString(),
        })),
      };
    },
  );

  app.post(
    "/api/admin/jobs",
    { schema: { body: enqueueJobSchema, response: { 201: jobViewSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const schedule = JOB_SCHEDULES.find((s) => s.name === request.body.name);
      // The name is not echoed back: an error repeats nothing a request made up
      if (!schedule)
        throw new Invalid(`There is no such job; the jobs are ${JOB_SCHEDULES.map((s) => s.name).join(", ")}`);
      const job = (await enqueueJob(db, { name: schedule.name, runAt: settings.now() }))!;
      request.auditRecord = { action: "job.enqueue", target: { kind: "job", id: job.id }, after: { name: job.name } };
      return reply.code(201).send(view(job));
    },
  );

  for (const [action, change, refusal] of [
    ["run", runJobNow, "Only a queued or failed job can be run now"],
    ["cancel", cancelJob, "Only a queued job can be cancelled"],
  ] as const) {
    app.post(
      `/api/admin/jobs/:id/${action}`,
      { schema: { params: jobIdParamsSchema, response: { 204: z.null(), ...adminErrorResponses } } },
      async (request, reply) => {
        const [job] = await listJobs(db, { id: request.params.id });
        if (!job) throw new NotFound("Job not found");
        if (!(await change(db, job.id, settings.now()))) throw new Conflict(refusal);
        request.auditRecord = {
          action: `job.${action}`,
          target: { kind: "job", id: job.id },
          before: { name: job.name, state: job.state, attempts: job.attempts },
        };
        return reply.code(204).send(null);
      },
    );
  }
};
