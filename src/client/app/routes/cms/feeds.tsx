import { Copy, Inbox, Rss } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useDeleteFeed, useFeeds, useSyncFeed, useUpdateFeed } from "@/features/cms/feeds/api/feeds";
import { FeedDialog } from "@/features/cms/feeds/components/feed-dialog";
import { FeedsTable, type QueuedSync } from "@/features/cms/feeds/components/feeds-table";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { ConfirmDialog } from "@/features/cms/shared/components/confirm-dialog";
import { AddButton, LoadError, toastOutcome } from "@/features/cms/shared/components/list-screen";
import { errorMessage } from "@/lib/api-client";
import type { FeedView } from "@contract/admin/feeds";

/** The inbox of new items, from the feeds' screen and a feed's page. */
export const INBOX_HREF = "/cms/feeds/inbox";

/**
 * /cms/feeds (D110–D113, admins only): the distributors' feeds with their items by status and their last run, "This
 * feed's format changed" while a sync found the source unreadable; a feed is added, edited, synced now, paused or
 * deleted here, and its page holds its runs, category map and rules.
 */
export function CmsFeedsScreen() {
  const [queued, setQueued] = useState<Record<number, QueuedSync>>({});
  const feeds = useFeeds(Object.keys(queued).length > 0);
  // A queued sync is shown until its feed's last run is another than when it was asked for.
  const lastRuns = feeds.data?.map((f) => `${f.id}:${f.lastRun?.id ?? ""}`).join(",");
  useEffect(() => {
    setQueued((q) => {
      const waiting = Object.entries(q).filter(([id, sync]) => {
        const feed = feeds.data?.find((f) => f.id === Number(id));
        return feed !== undefined && (feed.lastRun?.id ?? null) === sync.lastRunId;
      });
      return waiting.length === Object.keys(q).length ? q : Object.fromEntries(waiting);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the feeds' last runs (ADR 006)
  }, [lastRuns]);
  const sync = useSyncFeed();
  const update = useUpdateFeed();
  const del = useDeleteFeed();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<FeedView | null>(null);
  const [deleting, setDeleting] = useState<FeedView | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  function syncNow(feed: FeedView) {
    setBusyId(feed.id);
    sync.mutate(feed.id, {
      onSuccess: ({ jobId }) => {
        setQueued((q) => ({ ...q, [feed.id]: { jobId, lastRunId: feed.lastRun?.id ?? null } }));
        toast({ title: `Sync of ${feed.name} queued`, description: `Job #${jobId} runs it: its progress is in Jobs.` });
      },
      onError: (err) =>
        toast({
          title: "Error",
          description: `Could not start the sync: ${errorMessage(err)}`,
          variant: "destructive",
        }),
      onSettled: () => setBusyId(null),
    });
  }

  function togglePaused(feed: FeedView) {
    setBusyId(feed.id);
    update.mutate(
      { id: feed.id, patch: { paused: !feed.paused } },
      {
        ...toastOutcome(
          feed.paused ? `${feed.name} resumed` : `${feed.name} paused`,
          feed.paused ? "Could not resume the feed" : "Could not pause the feed",
        ),
        onSettled: () => setBusyId(null),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    del.mutate(
      deleting.id,
      toastOutcome("Feed deleted", "Could not delete the feed", () => setDeleting(null)),
    );
  }

  return (
    <>
      <CmsPageHeader
        title="Feeds"
        description="Distributors' catalogues read into an inbox: approve what you want published as games."
        icon={<Rss />}
        actions={
          <>
            <Link href={`~${INBOX_HREF}`} className={buttonClasses("outline")}>
              <Inbox aria-hidden="true" />
              Open the inbox
            </Link>
            <Link href="~/cms/feeds/duplicates" className={buttonClasses("outline")}>
              <Copy aria-hidden="true" />
              Duplicates
            </Link>
            <AddButton onClick={() => setAdding(true)}>Add feed</AddButton>
          </>
        }
      />
      <LoadError what="the feeds" query={feeds} />
      <FeedsTable
        feeds={feeds.data}
        loading={feeds.isPending}
        queued={queued}
        busyId={busyId}
        onSync={syncNow}
        onTogglePaused={togglePaused}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      <FeedDialog open={adding} onOpenChange={setAdding} />
      <FeedDialog open={editing !== null} feed={editing} onOpenChange={(o) => !o && setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && !del.isPending && setDeleting(null)}
        title="Delete feed"
        description={
          deleting
            ? `Delete "${deleting.name}" with its inbox and runs? The games it published stay on the site. This cannot be undone.`
            : ""
        }
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
