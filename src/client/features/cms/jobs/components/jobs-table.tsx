import { Ban, Play } from "lucide-react";
import type { JobState, JobView } from "@contract/jobs-constants";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { DataTable, MessageRow, SkeletonRows, Td, Th, Tr } from "@/features/cms/shared/components/data-table";
import { jobLabel, STATE_LABELS } from "./job-texts";

const HEADERS = ["Job", "State", "When", "Tries", "Last error", "Actions"];
const STATE_BADGES: Record<JobState, BadgeVariant> = {
  queued: "secondary",
  running: "default",
  succeeded: "outline",
  failed: "destructive",
  cancelled: "outline",
};

/** What "When" says of a job: when it is due, when it started, or when it finished. */
function whenText(job: JobView): string {
  if (job.state === "queued") return `Due ${formatDateTime(job.runAt)}`;
  if (job.state === "running") return `Started ${formatDateTime(job.startedAt ?? job.runAt)}`;
  return `${STATE_LABELS[job.state]} ${formatDateTime(job.finishedAt ?? job.runAt)}`;
}

/** D116: the queue's newest jobs; a queued or failed job can be run now, a queued one cancelled. */
export function JobsTable({
  jobs,
  loading,
  empty,
  busyId,
  onRun,
  onCancel,
}: {
  jobs: JobView[] | undefined;
  loading: boolean;
  empty: string;
  busyId: number | null;
  onRun: (job: JobView) => void;
  onCancel: (job: JobView) => void;
}) {
  return (
    <DataTable label="Jobs">
      <thead>
        <tr>
          {HEADERS.map((h) => (
            <Th key={h} className={h === "Actions" ? "text-right" : undefined}>
              {h}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <SkeletonRows columns={HEADERS.length} />
        ) : !jobs || jobs.length === 0 ? (
          <MessageRow columns={HEADERS.length}>{empty}</MessageRow>
        ) : (
          jobs.map((job) => (
            <Tr key={job.id}>
              <Td>
                <span className="font-medium">{jobLabel(job.name)}</span>
                <span className="block text-xs text-muted-foreground">#{job.id}</span>
              </Td>
              <Td>
                <Badge variant={STATE_BADGES[job.state]}>{STATE_LABELS[job.state]}</Badge>
              </Td>
              <Td className="whitespace-nowrap text-sm text-muted-foreground">{whenText(job)}</Td>
              <Td className="tabular-nums">
                {job.attempts} of {job.maxAttempts}
              </Td>
              <Td className="max-w-xs">
                {job.lastError ? (
                  <span className="line-clamp-2 break-words font-mono text-xs text-destructive" title={job.lastError}>
                    {job.lastError}
                  </span>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </Td>
              <Td className="text-right">
                <div className="flex justify-end gap-2">
                  {job.state === "queued" || job.state === "failed" ? (
                    <Button size="sm" variant="outline" disabled={busyId === job.id} onClick={() => onRun(job)}>
                      <Play aria-hidden="true" />
                      Run now
                      <span className="sr-only">
                        : {jobLabel(job.name)} #{job.id}
                      </span>
                    </Button>
                  ) : null}
                  {job.state === "queued" ? (
                    <Button size="sm" variant="ghost" disabled={busyId === job.id} onClick={() => onCancel(job)}>
                      <Ban aria-hidden="true" />
                      Cancel
                      <span className="sr-only">
                        : {jobLabel(job.name)} #{job.id}
                      </span>
                    </Button>
                  ) : null}
                </div>
              </Td>
            </Tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
