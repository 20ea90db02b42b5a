import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { ConfirmDialog } from "@/features/cms/shared/components/confirm-dialog";
import { toastOutcome } from "@/features/cms/shared/components/list-screen";
import { splitSeasons, useSeasons } from "@/lib/seasons";
import { seasonLabel } from "@contract/leaderboard-constants";
import { useStartNewSeason } from "../api/start-season";

/** D91: the confirmation of "Start a new season". */
export function newSeasonQuestion(current: string | undefined) {
  return `${current ? `${current} ends now and is archived with its final standings` : "The open season ends now"}; "This Week" starts again from zero for every player and game. This cannot be undone.`;
}

/**
 * D91: the current season (by its label) and "Start a new season" (admins, /cms/scores): the open season ends now and
 * its standings are archived; the next one opens. Seasons also roll over by themselves (Settings: season length).
 */
export function NewSeasonCard() {
  const seasons = useSeasons();
  const { current } = splitSeasons(seasons.data);
  const start = useStartNewSeason();
  const [open, setOpen] = useState(false);
  const label = current ? seasonLabel(current) : undefined;

  function confirm() {
    start.mutate(undefined, {
      onSuccess: (season) => toast({ title: `${seasonLabel(season)} has started` }),
      onError: toastOutcome("", "Failed to start a new season").onError,
      onSettled: () => setOpen(false),
    });
  }

  return (
    <section
      aria-labelledby="season-heading"
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground [&_svg]:size-5">
          <CalendarClock aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="season-heading" className="text-sm font-semibold">
            Current season
          </h2>
          {seasons.isPending ? (
            <Skeleton className="mt-1 h-4 w-40" />
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="current-season">
              {label ?? "No season is open"}
            </p>
          )}
        </div>
      </div>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        disabled={seasons.isPending}
        className="self-start sm:self-auto"
      >
        Start a new season
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(o) => !o && !start.isPending && setOpen(false)}
        title="Start a new season?"
        description={newSeasonQuestion(label)}
        confirmLabel="Start new season"
        pendingLabel="Starting..."
        pending={start.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
