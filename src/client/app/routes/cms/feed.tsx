import { AlertTriangle, Inbox, RefreshCw, Rss } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { Button, buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useFeed, useSyncFeed } from "@/features/cms/feeds/api/feeds";
import { BackToFeeds } from "@/features/cms/feeds/components/back-to-feeds";
import { CategoryMapEditor } from "@/features/cms/feeds/components/category-map-editor";
import { FeedRulesEditor } from "@/features/cms/feeds/components/feed-rules-editor";
import { FeedRunsTable } from "@/features/cms/feeds/components/feed-runs-table";
import {
  FORMAT_CHANGED,
  KIND_LABELS,
  SCHEDULE_LABELS,
  STATUS_LABELS,
} from "@/features/cms/feeds/components/feed-texts";
import type { QueuedSync } from "@/features/cms/feeds/components/feeds-table";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { LoadError } from "@/features/cms/shared/components/list-screen";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, formatNumber } from "@/lib/format";
import { FEED_ITEM_STATUSES } from "@contract/feeds-constants";
import { INBOX_HREF } from "./feeds";

const backLink = <BackToFeeds />;

/**
 * /cms/feeds/{id} (D110–D113, admins only): one feed's runs with their counts and errors, the map from its
 * categories to ours, and its rules of approval and publishing.
 */
export function CmsFeedScreen() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const [queued, setQueued] = useState<QueuedSync | null>(null);
  const feed = useFeed(id, queued !== null);
  const sync = useSyncFeed();
  // The sync asked for has started once the newest run is another than when it was asked for.
  const newestRun = feed.data?.runs[0]?.id ?? null;
  useEffect(() => {
    if (queued && newestRun !== queued.lastRunId) setQueued(null);
  }, [queued, newestRun]);

  if (!feed.data) {
    return (
      <>
        {backLink}
        <LoadError what="the feed" query={feed} />
        {feed.isError ? null : (
          <div className="grid gap-4" data-testid="feed-loading">
            <Skeleton className="h-10 w-72" />
            <Skeleton className="h-48 w-full" />
          </div>
        )}
      </>
    );
  }
  const f = feed.data;
  const running = f.runs[0]?.state === "running";
  const queuedJob = queued?.jobId ?? null;
  return (
    <>
      {backLink}
      <CmsPageHeader
        title={f.name}
        description={`${KIND_LABELS[f.kind]} · ${SCHEDULE_LABELS[f.schedule]}${f.paused ? " · paused" : ""}${
          f.lastSyncedAt ? ` · last synced ${formatDateTime(f.lastSyncedAt)}` : ""
        }`}
        icon={<Rss />}
        actions={
          <>
            <Link href={`~${INBOX_HREF}?feedId=${f.id}`} className={buttonClasses("outline")}>
              <Inbox aria-hidden="true" />
              Open its inbox
            </Link>
            <Button
              variant="gradient"
              disabled={sync.isPending || running}
              onClick={() =>
                sync.mutate(f.id, {
                  onSuccess: ({ jobId }) => {
                    setQueued({ jobId, lastRunId: f.runs[0]?.id ?? null });
                    toast({ title: `Sync of ${f.name} queued`, description: `Job #${jobId} runs it.` });
                  },
                  onError: (err) =>
                    toast({
                      title: "Error",
                      description: `Could not start the sync: ${errorMessage(err)}`,
                      variant: "destructive",
                    }),
                })
              }
            >
              <RefreshCw aria-hidden="true" />
              Sync now
            </Button>
          </>
        }
      />
      {f.formatChangedAt ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-destructive/40 bg-destructive/10 p-4 text-sm text-destructive"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-semibold">{FORMAT_CHANGED}</span> ({formatDateTime(f.formatChangedAt)}). Its last sync
            stopped before hiding any game; check the address and the mapping, then sync again.
          </span>
        </p>
      ) : null}
      <ul aria-label="Items by status" className="flex flex-wrap gap-2">
        {FEED_ITEM_STATUSES.map((status) => (
          <li key={status} className="rounded-lg border bg-card px-3 py-1.5 text-sm shadow-sm">
            <span className="font-semibold tabular-nums">{formatNumber(f.items[status])}</span>{" "}
            <span className="text-muted-foreground">{STATUS_LABELS[status].toLowerCase()}</span>
          </li>
        ))}
      </ul>
      <section aria-labelledby="feed-runs" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="feed-runs" className="text-lg font-semibold">
            Runs
          </h2>
          {queuedJob !== null ? (
            <p className="text-sm text-primary">
              Sync queued:{" "}
              <Link href="~/cms/jobs" className="underline underline-offset-2">
                job #{queuedJob}
              </Link>
            </p>
          ) : null}
        </div>
        <FeedRunsTable runs={f.runs} />
      </section>
      <div className="grid gap-6 xl:grid-cols-2">
        <CategoryMapEditor feed={f} />
        <FeedRulesEditor feed={f} />
      </div>
    </>
  );
}
