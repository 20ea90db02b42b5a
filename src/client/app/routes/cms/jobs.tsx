import { CalendarClock, ListChecks, Play } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useCancelJob, useJobs, useRunJobNow, useStartJob } from "@/features/cms/jobs/api/jobs";
import { jobLabel, scheduleText, STATE_LABELS } from "@/features/cms/jobs/components/job-texts";
import { JobsTable } from "@/features/cms/jobs/components/jobs-table";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { LoadError, toastOutcome } from "@/features/cms/shared/components/list-screen";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { JOB_STATES, type JobState, type JobView } from "@contract/jobs-constants";

const FILTERS: Array<{ state: JobState | ""; label: string }> = [
  { state: "", label: "All" },
  ...JOB_STATES.map((state) => ({ state, label: STATE_LABELS[state] })),
];

/**
 * /cms/jobs (D116, admins only): the background work of every process. The schedules with their next run (each can be
 * run now), then the newest jobs, filtered by state, with their tries and last error; a queued or failed job can be run
 * now and a queued one cancelled. The screen asks again every few seconds.
 */
export function CmsJobsScreen() {
  const [state, setState] = useState<JobState | "">("");
  const jobs = useJobs(state);
  const start = useStartJob();
  const runNow = useRunJobNow();
  const cancel = useCancelJob();
  const [busyId, setBusyId] = useState<number | null>(null);
  const counts = jobs.data?.counts;

  const act = (job: JobView, mutation: typeof runNow, done: string, failed: string) => {
    setBusyId(job.id);
    mutation.mutate(job.id, { ...toastOutcome(done, failed), onSettled: () => setBusyId(null) });
  };

  return (
    <>
      <CmsPageHeader
        title="Jobs"
        description="Background work: what runs on a schedule, what is waiting, what failed and why. Every server process takes its share."
        icon={<ListChecks />}
      />
      <section aria-labelledby="job-schedules" className="grid gap-3">
        <h2 id="job-schedules" className="text-lg font-semibold">
          Schedules
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {(jobs.data?.schedules ?? []).map((schedule) => (
            <li
              key={schedule.name}
              className="flex items-start justify-between gap-3 rounded-xl border bg-card p-4 shadow-sm"
            >
              <div className="min-w-0">
                <p className="font-medium">{jobLabel(schedule.name)}</p>
                <p className="text-sm text-muted-foreground">
                  <CalendarClock className="mr-1 inline size-4 align-[-3px]" aria-hidden="true" />
                  {scheduleText(schedule.cron)}
                </p>
                <p className="text-xs text-muted-foreground">Next: {formatDateTime(schedule.nextRunAt)}</p>
              </div>
              <Button
                size="sm"
                variant="outline"
                disabled={start.isPending && start.variables === schedule.name}
                onClick={() =>
                  start.mutate(
                    schedule.name,
                    toastOutcome(`${jobLabel(schedule.name)} will run now`, "Could not start the job"),
                  )
                }
              >
                <Play aria-hidden="true" />
                Run now<span className="sr-only">: {jobLabel(schedule.name)}</span>
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="job-list" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="job-list" className="text-lg font-semibold">
            Recent jobs
          </h2>
          <div
            role="group"
            aria-label="Show jobs by state"
            className="flex flex-wrap gap-1 rounded-lg border bg-card p-1"
          >
            {FILTERS.map((filter) => (
              <button
                key={filter.label}
                type="button"
                aria-pressed={state === filter.state}
                onClick={() => setState(filter.state)}
                className={cn(
                  "rounded-md px-3 py-1 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  state === filter.state ? "bg-primary text-primary-foreground" : "hover:bg-accent",
                )}
              >
                {filter.label}
                {filter.state && counts ? (
                  <span className="ml-1 tabular-nums opacity-80">{counts[filter.state]}</span>
                ) : null}
              </button>
            ))}
          </div>
        </div>
        <LoadError what="the jobs" query={jobs} />
        <JobsTable
          jobs={jobs.data?.jobs}
          loading={jobs.isPending}
          empty={
            state ? `No ${STATE_LABELS[state].toLowerCase()} jobs.` : "No jobs yet: the schedules above enqueue them."
          }
          busyId={busyId}
          onRun={(job) => act(job, runNow, `${jobLabel(job.name)} #${job.id} will run now`, "Could not run the job")}
          onCancel={(job) => act(job, cancel, `${jobLabel(job.name)} #${job.id} cancelled`, "Could not cancel the job")}
        />
      </section>
    </>
  );
}
