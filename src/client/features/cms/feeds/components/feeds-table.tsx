import { AlertTriangle, Pause, Pencil, Play, RefreshCw, Trash2 } from "lucide-react";
import { Link } from "wouter";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, MessageRow, SkeletonRows, Td, Th, Tr } from "@/features/cms/shared/components/data-table";
import { formatDateTime, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { FeedView } from "@contract/admin/feeds";
import { FEED_ITEM_STATUSES, type FeedRunState } from "@contract/feeds-constants";
import { FORMAT_CHANGED, KIND_LABELS, RUN_STATE_LABELS, runCounts, SCHEDULE_LABELS, STATUS_LABELS } from "./feed-texts";

const HEADERS = ["Feed", "Schedule", "Items", "Last run", "Actions"];

export const RUN_STATE_BADGES: Record<FeedRunState, BadgeVariant> = {
  running: "default",
  succeeded: "outline",
  failed: "destructive",
  format_changed: "destructive",
};

/* Below md the table is a list of cards, as the jobs' table is (rows and cells are blocks, the header for screen readers). */
const cardTable = "max-md:block max-md:[&_tbody]:block";
const cardRow =
  "max-md:flex max-md:flex-wrap max-md:items-start max-md:gap-x-4 max-md:gap-y-2 max-md:border-b max-md:px-4 max-md:py-3";
const cardCell = "max-md:block max-md:border-0 max-md:p-0";

/** A queued sync the screen asked for: its job, until the feed's last run is another than when it was asked. */
export type QueuedSync = { jobId: number; lastRunId: number | null };

/** "4 new · 10 published": the statuses the feed has items in. */
function ItemCounts({ feed }: { feed: FeedView }) {
  const present = FEED_ITEM_STATUSES.filter((status) => feed.items[status] > 0);
  if (present.length === 0) return <span className="text-muted-foreground">No items yet</span>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm">
      {present.map((status) => (
        <li key={status} className="whitespace-nowrap">
          <span className="font-medium tabular-nums">{formatNumber(feed.items[status])}</span>{" "}
          <span className="text-muted-foreground">{STATUS_LABELS[status].toLowerCase()}</span>
        </li>
      ))}
    </ul>
  );
}

function LastRun({ feed, queued }: { feed: FeedView; queued: QueuedSync | undefined }) {
  const run = feed.lastRun;
  const waiting = queued !== undefined && queued.lastRunId === (run?.id ?? null);
  return (
    <div className="grid gap-1 text-sm">
      {run ? (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={RUN_STATE_BADGES[run.state]}>{RUN_STATE_LABELS[run.state]}</Badge>
            <span className="whitespace-nowrap text-muted-foreground">
              {formatDateTime(run.finishedAt ?? run.startedAt)}
            </span>
          </div>
          <span className="text-xs text-muted-foreground">{runCounts(run)}</span>
        </>
      ) : (
        <span className="text-muted-foreground">Never synced</span>
      )}
      {waiting ? (
        <span className="text-xs font-medium text-primary">
          Sync queued:{" "}
          <Link href="~/cms/jobs" className="underline underline-offset-2">
            job #{queued.jobId}
          </Link>
        </span>
      ) : null}
    </div>
  );
}

/** D110, D113: the feeds, each with its items by status, its last run and what can be done with it. */
export function FeedsTable({
  feeds,
  loading,
  queued,
  busyId,
  onSync,
  onTogglePaused,
  onEdit,
  onDelete,
}: {
  feeds: FeedView[] | undefined;
  loading: boolean;
  queued: Record<number, QueuedSync>;
  busyId: number | null;
  onSync: (feed: FeedView) => void;
  onTogglePaused: (feed: FeedView) => void;
  onEdit: (feed: FeedView) => void;
  onDelete: (feed: FeedView) => void;
}) {
  return (
    <DataTable label="Feeds" tableClassName={cardTable}>
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
        ) : !feeds || feeds.length === 0 ? (
          <MessageRow columns={HEADERS.length}>No feeds yet: add one to fill the inbox.</MessageRow>
        ) : (
          feeds.map((feed) => (
            <Tr key={feed.id} className={cardRow}>
              <Td className={cn(cardCell, "min-w-52 max-md:basis-full")}>
                <Link href={`~/cms/feeds/${feed.id}`} className="font-medium hover:underline">
                  {feed.name}
                </Link>
                <span className="block text-xs text-muted-foreground">{KIND_LABELS[feed.kind]}</span>
                {feed.formatChangedAt ? (
                  <p
                    role="status"
                    className="mt-1 flex items-center gap-1 text-xs font-medium text-destructive"
                    title={`Since ${formatDateTime(feed.formatChangedAt)}`}
                  >
                    <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
                    {FORMAT_CHANGED}
                  </p>
                ) : null}
              </Td>
              <Td className={cn(cardCell, "whitespace-nowrap text-sm")}>
                <span>{SCHEDULE_LABELS[feed.schedule]}</span>
                {feed.paused ? (
                  <Badge variant="secondary" className="ml-2">
                    Paused
                  </Badge>
                ) : null}
              </Td>
              <Td className={cn(cardCell, "max-md:basis-full")}>
                <ItemCounts feed={feed} />
              </Td>
              <Td className={cn(cardCell, "max-md:basis-full")}>
                <LastRun feed={feed} queued={queued[feed.id]} />
              </Td>
              <Td className={cn(cardCell, "text-right max-md:basis-full")}>
                <div className="flex flex-wrap items-center justify-end gap-1 max-md:justify-start md:flex-nowrap">
                  <Button size="sm" variant="outline" disabled={busyId === feed.id} onClick={() => onSync(feed)}>
                    <RefreshCw aria-hidden="true" />
                    Sync now<span className="sr-only">: {feed.name}</span>
                  </Button>
                  <Button size="sm" variant="ghost" disabled={busyId === feed.id} onClick={() => onTogglePaused(feed)}>
                    {feed.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
                    {feed.paused ? "Resume" : "Pause"}
                    <span className="sr-only">: {feed.name}</span>
                  </Button>
                  <span className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Edit ${feed.name}`}
                      title="Edit"
                      onClick={() => onEdit(feed)}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                      aria-label={`Delete ${feed.name}`}
                      title="Delete"
                      onClick={() => onDelete(feed)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </span>
                </div>
              </Td>
            </Tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
