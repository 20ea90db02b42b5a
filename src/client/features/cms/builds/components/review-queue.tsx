import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Check, ClipboardList, Eye, Inbox, MessageSquareWarning } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input, Label, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { PackageChecks } from "@/features/cms/games/components/package-checks";
import { LoadError } from "@/features/cms/shared/components/list-screen";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, formatNumber, relativeTime } from "@/lib/format";
import { previewUrl } from "@/lib/studio";
import type { ReviewQueueItem } from "@contract/studio";
import { useBuildReviews, useReviewStep } from "../api/build-reviews";

export const REVIEW_QUEUE_EMPTY = "No builds are waiting for review.";

const CHECKS: Record<
  NonNullable<ReviewQueueItem["checks"]>,
  { label: string; variant: "new" | "secondary" | "destructive" }
> = {
  pass: { label: "Checks passed", variant: "new" },
  warning: { label: "Checks: warnings", variant: "secondary" },
  fail: { label: "Checks failed", variant: "destructive" },
};

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

async function openPreview(gameId: number, number: number) {
  // Opened before the address arrives, so that the browser does not take it for a pop-up
  const tab = window.open("about:blank", "_blank");
  try {
    const url = await previewUrl("admin", gameId, number);
    if (tab) tab.location.href = url;
    else window.location.href = url;
  } catch (error) {
    tab?.close();
    toast({ title: "Could not open the preview", description: errorMessage(error), variant: "destructive" });
  }
}

/** The game's latest check report (D132); its boot test runs against this build's preview address. */
function BuildChecks({ gameId, number }: { gameId: number; number: number }) {
  const preview = useQuery({
    queryKey: ["admin", "build-preview", gameId, number],
    queryFn: () => previewUrl("admin", gameId, number),
    staleTime: 30 * 60 * 1000,
  });
  if (preview.isError)
    return <p className="text-sm text-destructive">Could not read the build: {errorMessage(preview.error)}</p>;
  if (!preview.data) return <p className="text-sm text-muted-foreground">Loading the check report…</p>;
  return <PackageChecks gameId={gameId} frameUrl={preview.data} />;
}

/** One build waiting: what it is, its checks and preview, and the staff's two answers. */
function ReviewCard({ item }: { item: ReviewQueueItem }) {
  const headingId = useId();
  const step = useReviewStep();
  const [mode, setMode] = useState<"idle" | "changes" | "schedule">("idle");
  const [notes, setNotes] = useState("");
  const [at, setAt] = useState("");
  const [showChecks, setShowChecks] = useState(false);
  const name = `${item.game.title}, build ${item.number}`;
  const checks = item.checks ? CHECKS[item.checks] : null;

  function done(title: string) {
    toast({ title, description: name });
    setMode("idle");
    setNotes("");
    setAt("");
  }
  const failed = (error: unknown) =>
    toast({ title: "Could not save the review", description: errorMessage(error), variant: "destructive" });

  function sendBack(e: FormEvent) {
    e.preventDefault();
    step.mutate(
      { kind: "changes", gameId: item.game.id, number: item.number, notes },
      { onSuccess: () => done("Changes requested"), onError: failed },
    );
  }
  function approve(publishAt?: string) {
    step.mutate(
      { kind: "approve", gameId: item.game.id, number: item.number, publishAt },
      {
        onSuccess: ({ state }) => done(state === "live" ? "Approved: the build is live" : "Approved for later"),
        onError: failed,
      },
    );
  }
  function schedule(e: FormEvent) {
    e.preventDefault();
    const when = new Date(at);
    if (!at || Number.isNaN(when.getTime())) {
      toast({ title: "Choose a date and time", variant: "destructive" });
      return;
    }
    approve(when.toISOString());
  }

  return (
    <article aria-labelledby={headingId} className="rounded-xl border bg-card text-card-foreground shadow-sm">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3 px-4 py-3 sm:px-5">
        <div className="min-w-0 flex-1 basis-64 space-y-1">
          <h2 id={headingId} className="break-words font-semibold">
            {item.game.title} · build {item.number}
          </h2>
          <p className="flex flex-wrap gap-2 text-xs">
            {item.state === "approved" ? (
              <Badge variant="secondary">
                Approved for {item.publishAt ? formatDateTime(item.publishAt) : "later"}
              </Badge>
            ) : (
              <Badge variant="outline">Waiting for review</Badge>
            )}
            {checks ? (
              <Badge variant={checks.variant}>{checks.label}</Badge>
            ) : (
              <Badge variant="outline">No check report</Badge>
            )}
            {item.game.hiddenReason === "draft" ? <Badge variant="outline">New game (hidden)</Badge> : null}
            {item.game.liveBuild ? <Badge variant="outline">Live now: build {item.game.liveBuild}</Badge> : null}
          </p>
          {item.notes ? <p className="break-words text-sm">{item.notes}</p> : null}
          <p className="text-sm text-muted-foreground">
            {item.uploadedBy ? item.uploadedBy.username : "the site"} · {size(item.bytes)} · {formatNumber(item.files)}{" "}
            {item.files === 1 ? "file" : "files"}
            {item.submittedAt ? (
              <>
                {" · submitted "}
                <time dateTime={item.submittedAt} title={formatDateTime(item.submittedAt)}>
                  {relativeTime(item.submittedAt)}
                </time>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => void openPreview(item.game.id, item.number)}>
            <Eye aria-hidden="true" />
            Preview<span className="sr-only"> {name}</span>
          </Button>
          <Button size="sm" variant="outline" aria-expanded={showChecks} onClick={() => setShowChecks(!showChecks)}>
            <ClipboardList aria-hidden="true" />
            Check report<span className="sr-only"> of {name}</span>
          </Button>
        </div>
      </div>
      {showChecks ? (
        <div className="border-t px-4 py-3 sm:px-5">
          <BuildChecks gameId={item.game.id} number={item.number} />
        </div>
      ) : null}
      {item.state === "submitted" ? (
        <div className="grid gap-3 border-t px-4 py-3 sm:px-5">
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={step.isPending} onClick={() => approve()} aria-describedby={headingId}>
              <Check aria-hidden="true" />
              Approve and publish now
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={step.isPending}
              onClick={() => setMode(mode === "schedule" ? "idle" : "schedule")}
              aria-describedby={headingId}
            >
              <CalendarClock aria-hidden="true" />
              Approve for later
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={step.isPending}
              onClick={() => setMode(mode === "changes" ? "idle" : "changes")}
              aria-describedby={headingId}
            >
              <MessageSquareWarning aria-hidden="true" />
              Request changes
            </Button>
          </div>
          {mode === "changes" ? (
            <form className="grid gap-2" onSubmit={sendBack} aria-label={`Request changes to ${name}`}>
              <Label htmlFor={`${headingId}-notes`}>What should change</Label>
              <Textarea
                id={`${headingId}-notes`}
                required
                rows={3}
                maxLength={2000}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
              />
              <div>
                <Button type="submit" size="sm" variant="destructive" disabled={step.isPending || !notes.trim()}>
                  Send back with notes
                </Button>
              </div>
            </form>
          ) : null}
          {mode === "schedule" ? (
            <form className="flex flex-wrap items-end gap-2" onSubmit={schedule} aria-label={`Schedule ${name}`}>
              <div className="grid gap-1.5">
                <Label htmlFor={`${headingId}-at`}>Publish on (your time)</Label>
                <Input
                  id={`${headingId}-at`}
                  type="datetime-local"
                  required
                  value={at}
                  onChange={(e) => setAt(e.target.value)}
                />
              </div>
              <Button type="submit" size="sm" disabled={step.isPending}>
                Approve for this time
              </Button>
            </form>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** D133: the builds waiting for staff, oldest first, then the approved ones waiting for their time. */
export function ReviewQueue() {
  const queue = useBuildReviews();
  return (
    <div className="space-y-4">
      <LoadError what="the review queue" query={queue} />
      {queue.isPending ? (
        <div role="status" aria-label="Loading the review queue" className="h-40" />
      ) : !queue.data || queue.data.length === 0 ? (
        queue.isError ? null : (
          <EmptyState icon={<Inbox />} title={REVIEW_QUEUE_EMPTY} className="bg-card" />
        )
      ) : (
        queue.data.map((item) => <ReviewCard key={`${item.game.id}-${item.number}`} item={item} />)
      )}
    </div>
  );
}
