import { Ban, Play } from "lucide-react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, MessageRow, SkeletonRows, Td, Th, Tr } from "@/features/cms/shared/components/data-table";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { JobState, JobView } from "@contract/jobs-constants";
import { jobLabel, STATE_LABELS } from "./job-texts";

const HEADERS = ["Job", "State", "When", "Tries", "Last error", "Actions"];
const STATE_BADGES: Record<JobState, BadgeVariant> = {
  queued: "secondary",
  running: "default",
  succeeded: "outline",
  failed: "destructive",
  cancelled: "outline",
};

/*
 * Below md the table is a list of cards (rows and cells are blocks, the header is left to screen readers), so that a
 * job's state, tries and error read on a phone without sideways scrolling.
 */
const cardTable = "max-md:block max-md:[&_tbody]:block";
const cardRow =
  "max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:border-b max-md:px-4 max-md:py-3";
const cardCell = "max-md:block max-md:border-0 max-md:p-0";

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
    <DataTable label="Jobs" tableClassName={cardTable}>
      <thead className="max-md:sr-only">
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
            <Tr key={job.id} className={cardRow}>
              <Td className={cn(cardCell, "max-md:basis-full")}>
                <span className="font-medium">{jobLabel(job.name)}</span>
                <span className="block text-xs text-muted-foreground">#{job.id}</span>
              </Td>
              <Td className={cardCell}>
                <Badge variant={STATE_BADGES[job.state]}>{STATE_LABELS[job.state]}</Badge>
              </Td>
              <Td className={cn(cardCell, "whitespace-nowrap text-sm text-muted-foreground")}>{whenText(job)}</Td>
              <Td className={cn(cardCell, "tabular-nums max-md:text-sm")}>
                {job.attempts} of {job.maxAttempts}
                <span className="md:hidden"> tries</span>
              </Td>
              <Td
                className={cn(
                  cardCell,
                  "max-w-xs max-md:max-w-none max-md:basis-full",
                  !job.lastError && "max-md:hidden",
                )}
              >
                {job.lastError ? (
                  <span className="line-clamp-2 break-words font-mono text-xs text-destructive" title={job.lastError}>
                    {job.lastError}
                  </span>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </Td>
              <Td className={cn(cardCell, "text-right max-md:ml-auto")}>
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
