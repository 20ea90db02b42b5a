import { Ban, Check, ExternalLink, Gamepad2, Trash2, VolumeX } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, relativeTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import {
  REPORT_ACTION_LABELS,
  REPORT_KIND_LABELS,
  REPORT_REASON_LABELS,
  type ReportAction,
  type ReportGroup,
} from "@contract/reports-constants";
import { HANDLED_LABELS, isMuted, mutedUntilText, reportCount } from "./report-texts";

const ACTION_ICONS: Record<ReportAction, ReactNode> = {
  dismiss: <Check aria-hidden="true" />,
  delete: <Trash2 aria-hidden="true" />,
  mute: <VolumeX aria-hidden="true" />,
  ban: <Ban aria-hidden="true" />,
};

/** Content longer than this (or on more lines) is clamped, with a button to read it all. */
const LONG_CONTENT = { chars: 280, lines: 4 };

/** A link on this site only: the queue never follows a stored URL elsewhere (nor a `javascript:` one). */
const sitePath = (link: string | null) => (link && link.startsWith("/") && !link.startsWith("//") ? link : null);

/** When something happened: "5 minutes ago", the full moment on hover. */
function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {relativeTime(at)}
    </time>
  );
}

/** What was reported, as plain text (never HTML); a long text is clamped with "Show all". */
function ReportedContent({ text, gone }: { text: string; gone: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_CONTENT.chars || text.split("\n").length > LONG_CONTENT.lines;
  return (
    <div className={cn("rounded-lg border bg-muted/40 px-3 py-2", gone && "border-dashed")}>
      <p
        id={id}
        className={cn(
          "whitespace-pre-wrap break-words text-sm",
          long && !open && "line-clamp-4",
          gone && "text-muted-foreground",
        )}
      >
        {text || <span className="italic text-muted-foreground">(no text)</span>}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="mt-1 rounded text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {open ? "Show less" : "Show all"}
        </button>
      ) : null}
    </div>
  );
}

/**
 * D97: one reported item with all its reports: what it is, its author (with a mute or ban already on them; a game,
 * D114, has none and is named by its title), what
 * was reported (as it read at the newest report), each reporter's reason and words; then, while open, the actions
 * `actions` allows (no ban for a moderator), else who handled it, how and when.
 */
export function ReportGroupCard({
  group,
  actions,
  busy,
  onAction,
}: {
  group: ReportGroup;
  actions: ReportAction[];
  busy: boolean;
  onAction: (action: ReportAction) => void;
}) {
  const headingId = useId();
  const kind = REPORT_KIND_LABELS[group.kind];
  const { author } = group;
  const link = sitePath(group.link);
  const open = group.status === "open";
  const last = group.reports.reduce((newest, r) => (r.createdAt > newest ? r.createdAt : newest), "");
  return (
    <article aria-labelledby={headingId} className="rounded-xl border bg-card text-card-foreground shadow-sm">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b px-4 py-3 sm:px-5">
        {author ? (
          <UserAvatar src={author.avatarUrl} username={author.username} className="size-9" />
        ) : (
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground">
            <Gamepad2 className="size-5" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="truncate font-semibold">
            {author ? `${kind} by ${author.username}` : `${kind}: ${group.content}`}
          </h2>
          <p className="text-xs text-muted-foreground">
            {reportCount(group.reports.length)}
            {last ? (
              <>
                {" · last "}
                <When at={last} />
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="outline">{kind}</Badge>
          {author && isMuted(author.mutedUntil) ? (
            <Badge variant="secondary">{mutedUntilText(author.mutedUntil)}</Badge>
          ) : null}
          {author?.banned ? <Badge variant="destructive">Banned</Badge> : null}
          {group.contentGone ? <Badge variant="secondary">Content removed</Badge> : null}
        </div>
      </header>
      <div className="space-y-4 px-4 py-4 sm:px-5">
        <div className="space-y-2">
          <ReportedContent text={group.content} gone={group.contentGone} />
          {link ? (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              View on the site<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
        <div>
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Reported by</h3>
          <ul className="divide-y rounded-lg border">
            {group.reports.map((r) => (
              <li key={r.id} className="px-3 py-2 text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium">{r.reporter.username}</span>
                  <span className="text-muted-foreground">{REPORT_REASON_LABELS[r.reason]}</span>
                  <span className="ml-auto text-xs text-muted-foreground">
                    <When at={r.createdAt} />
                  </span>
                </p>
                {r.text ? (
                  <p className="mt-1 whitespace-pre-wrap break-words text-muted-foreground">“{r.text}”</p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <footer className="flex flex-wrap items-center gap-2 border-t px-4 py-3 sm:px-5">
        {open ? (
          actions.map((a) => (
            <Button
              key={a}
              variant="outline"
              size="sm"
              disabled={busy || (a === "delete" && group.contentGone)}
              title={a === "delete" && group.contentGone ? "The content is already removed" : undefined}
              className={cn(a === "ban" || a === "delete" ? "text-destructive hover:text-destructive" : undefined)}
              onClick={() => onAction(a)}
            >
              {ACTION_ICONS[a]}
              {REPORT_ACTION_LABELS[a]}
            </Button>
          ))
        ) : (
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">
              {group.action ? HANDLED_LABELS[group.action] : "Handled"}
            </span>
            {group.handledBy ? ` by ${group.handledBy}` : null}
            {group.handledAt ? (
              <>
                {" · "}
                <When at={group.handledAt} />
              </>
            ) : null}
          </p>
        )}
      </footer>
    </article>
  );
}

/** Three cards' worth of placeholders while the queue loads. */
export function ReportGroupSkeletons() {
  return (
    <div className="space-y-4" data-testid="report-skeletons">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="space-y-3 rounded-xl border bg-card p-5 shadow-sm">
          <div className="flex items-center gap-3">
            <Skeleton className="size-9 rounded-full" />
            <Skeleton className="h-5 w-48" />
          </div>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-8 w-64" />
        </div>
      ))}
    </div>
  );
}
