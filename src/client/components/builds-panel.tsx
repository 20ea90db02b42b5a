import { Eye, RotateCcw, Send, Upload } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, formatNumber } from "@/lib/format";
import { previewUrl, useGameBuilds, useMakeLive, useSubmitBuild, useUploadBuild } from "@/lib/studio";
import type { GameBuild } from "@contract/studio";

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const REVIEW_BADGES: Record<
  GameBuild["review"]["state"],
  { label: string; variant: "secondary" | "outline" | "destructive" }
> = {
  draft: { label: "Draft", variant: "outline" },
  submitted: { label: "In review", variant: "secondary" },
  changes_requested: { label: "Changes requested", variant: "destructive" },
  approved: { label: "Approved", variant: "secondary" },
  live: { label: "Published", variant: "outline" },
};

/**
 * D131: a game's builds, newest first: the live one marked, each with its notes, size, files, who and when, a
 * preview (any build, on the games origin) and "Make live" (a rollback is one click); and the form for a new build.
 * D133: each build's review state, the staff's notes when they asked for changes, and "Submit for review" in the
 * studio; there "Make live" is offered for published builds only, while in the CMS an admin publishes any directly.
 * `scope` says whose routes are used: the studio's (a creator's own games) or the CMS's (admins).
 */
export function BuildsPanel({ scope, gameId }: { scope: "studio" | "admin"; gameId: number }) {
  const builds = useGameBuilds(scope, gameId);
  const makeLive = useMakeLive(scope, gameId);
  const submitBuild = useSubmitBuild(gameId);
  if (builds.isPending) return <div role="status" aria-label="Loading builds" className="h-24" />;
  if (builds.isError)
    return <p className="text-sm text-destructive">Could not load the builds: {errorMessage(builds.error)}</p>;
  const { game, builds: list } = builds.data;
  if (!game.hasPackage)
    return (
      <p className="text-sm text-muted-foreground">
        This game runs from an outside address (a feed or an embed): it has no builds to upload or roll back.
      </p>
    );

  async function preview(number: number) {
    // Opened before the address arrives, so that the browser does not take it for a pop-up
    const tab = window.open("about:blank", "_blank");
    try {
      const url = await previewUrl(scope, gameId, number);
      if (tab) tab.location.href = url;
      else window.location.href = url;
    } catch (error) {
      tab?.close();
      toast({ title: "Could not open the preview", description: errorMessage(error), variant: "destructive" });
    }
  }

  return (
    <div className="grid gap-5">
      <UploadBuildForm scope={scope} gameId={gameId} />
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No builds yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label={`Builds of ${game.title}`}>
          {list.map((b) => (
            <BuildRow
              key={b.number}
              build={b}
              scope={scope}
              busy={makeLive.isPending || submitBuild.isPending}
              onPreview={() => void preview(b.number)}
              onSubmit={() =>
                submitBuild.mutate(b.number, {
                  onSuccess: () =>
                    toast({ title: `Build ${b.number} submitted`, description: "Staff will review it." }),
                  onError: (error) =>
                    toast({ title: "Could not submit it", description: errorMessage(error), variant: "destructive" }),
                })
              }
              onMakeLive={() =>
                makeLive.mutate(b.number, {
                  onSuccess: () => toast({ title: `Build ${b.number} is live`, description: game.title }),
                  onError: (error) =>
                    toast({
                      title: "Could not make it live",
                      description: errorMessage(error),
                      variant: "destructive",
                    }),
                })
              }
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function BuildRow({
  build,
  scope,
  busy,
  onPreview,
  onSubmit,
  onMakeLive,
}: {
  build: GameBuild;
  scope: "studio" | "admin";
  busy: boolean;
  onPreview: () => void;
  onSubmit: () => void;
  onMakeLive: () => void;
}) {
  const review = build.review;
  const badge = REVIEW_BADGES[review.state];
  const canSubmit = scope === "studio" && (review.state === "draft" || review.state === "changes_requested");
  const canMakeLive = !build.live && (scope === "admin" || review.state === "live");
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-center"
      aria-label={`Build ${build.number}${build.live ? " (live)" : ""}`}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          Build {build.number}
          {build.live ? <Badge variant="new">Live</Badge> : null}
          {build.live && review.state === "live" ? null : <Badge variant={badge.variant}>{badge.label}</Badge>}
        </p>
        {build.notes ? <p className="break-words text-sm">{build.notes}</p> : null}
        {review.state === "changes_requested" && review.notes ? (
          <div className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm">
            <p className="font-medium">Staff asked for changes</p>
            <p className="whitespace-pre-line break-words">{review.notes}</p>
          </div>
        ) : null}
        {review.state === "approved" && review.publishAt ? (
          <p className="text-sm">Goes live on {formatDateTime(review.publishAt)}</p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {size(build.bytes)} · {formatNumber(build.files)} {build.files === 1 ? "file" : "files"} ·{" "}
          {build.uploadedBy ? build.uploadedBy.username : "the site"} · {formatDateTime(build.createdAt)}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onPreview}>
          <Eye aria-hidden="true" />
          Preview<span className="sr-only"> build {build.number}</span>
        </Button>
        {canSubmit ? (
          <Button variant="gradient" size="sm" onClick={onSubmit} disabled={busy}>
            <Send aria-hidden="true" />
            Submit for review<span className="sr-only"> build {build.number}</span>
          </Button>
        ) : null}
        {canMakeLive ? (
          <Button variant="secondary" size="sm" onClick={onMakeLive} disabled={busy}>
            <RotateCcw aria-hidden="true" />
            {review.state === "live" ? "Make live" : "Publish now"}
            <span className="sr-only"> build {build.number}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function UploadBuildForm({ scope, gameId }: { scope: "studio" | "admin"; gameId: number }) {
  const upload = useUploadBuild(scope, gameId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [notes, setNotes] = useState("");

  function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      toast({ title: "Choose a .zip or .html file first", variant: "destructive" });
      return;
    }
    upload.mutate(
      { file, notes },
      {
        onSuccess: ({ number }) => {
          toast({
            title: `Build ${number} uploaded`,
            description: scope === "studio" ? "Submit it for review when it is ready." : "It is live now.",
          });
          setNotes("");
          if (fileInput.current) fileInput.current.value = "";
        },
        onError: (error) =>
          toast({ title: "Could not upload the build", description: errorMessage(error), variant: "destructive" }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border border-dashed p-3" aria-label="Upload a new build">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`build-file-${gameId}`}>Package (.zip or .html)</Label>
          <Input id={`build-file-${gameId}`} ref={fileInput} type="file" accept=".zip,.html,.htm" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`build-notes-${gameId}`}>Notes</Label>
          <Input
            id={`build-notes-${gameId}`}
            value={notes}
            maxLength={2000}
            onChange={(e) => setNotes(e.target.value)}
            placeholder="What changed"
          />
        </div>
      </div>
      <div>
        <Button type="submit" variant="gradient" size="sm" disabled={upload.isPending}>
          <Upload aria-hidden="true" />
          {upload.isPending ? "Uploading…" : "Upload build"}
        </Button>
      </div>
    </form>
  );
}
