import { CalendarDays, History } from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { splitSeasons, useSeasons } from "@/lib/seasons";
import { cn } from "@/lib/utils";
import type { Season } from "@contract/leaderboard";
import { seasonLabel } from "@contract/leaderboard-constants";
import type { LeaderboardParams } from "../api/get-leaderboard";

/** D91: which board /leaderboard shows: all time, this week (the open season) or a season by id (`?season=12`). */
export type BoardParams = Pick<LeaderboardParams, "period" | "season">;
export type BoardChoice = { kind: "all" | "week" | "season"; seasonId?: number; params: BoardParams };

/** The board chosen in the URL: `?season={id}` (an archived season, linkable), `?period=week`, or all time. */
export function useBoardChoice(): BoardChoice {
  const params = new URLSearchParams(useSearch());
  const season = Number(params.get("season"));
  if (Number.isSafeInteger(season) && season > 0) return { kind: "season", seasonId: season, params: { season } };
  if (params.get("period") === "week") return { kind: "week", params: { period: "week" } };
  return { kind: "all", params: {} };
}

const segment =
  "inline-flex h-8 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-all outline-none " +
  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-card aria-[current=page]:text-foreground aria-[current=page]:shadow-sm";

/** The caption under the picker: the season shown, by its label (D91: "Season 12 · 3–9 Nov"). */
function Caption({
  choice,
  current,
  shown,
}: {
  choice: BoardChoice;
  current: Season | undefined;
  shown: Season | undefined;
}) {
  let text: string | null = null;
  // "Current season", not "this week": a season may be a month, or endless (Settings, D91).
  if (choice.kind === "week" && current) text = `Current season: ${seasonLabel(current)}`;
  else if (choice.kind === "season" && shown) {
    text = shown.current ? `Current season: ${seasonLabel(shown)}` : `Final standings of ${seasonLabel(shown)}`;
  }
  if (!text) return null;
  return (
    <p data-testid="season-caption" className="flex items-center gap-1.5 text-sm text-muted-foreground">
      <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}

/**
 * D91: All Time / This Week (the open season) and a picker of the past (archived) seasons; the choice is in the URL
 * (`?period=week`, `?season={id}`), so an archived season can be linked and opened directly.
 */
export function SeasonPicker({ choice }: { choice: BoardChoice }) {
  const [, navigate] = useLocation();
  const seasons = useSeasons();
  const { current, past } = splitSeasons(seasons.data);
  const shown = choice.kind === "season" ? seasons.data?.find((s) => s.id === choice.seasonId) : undefined;
  // The open season asked by its id is "This Week".
  const active = choice.kind === "season" && shown?.current ? "week" : choice.kind;
  const pastValue = choice.kind === "season" && !shown?.current ? String(choice.seasonId) : "";
  const noPast = seasons.isSuccess && past.length === 0;
  return (
    <div className="mb-4 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <nav
          aria-label="Board period"
          className="inline-flex h-10 items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground"
        >
          <Link href="/leaderboard" aria-current={active === "all" ? "page" : undefined} className={segment}>
            All Time
          </Link>
          <Link
            href="/leaderboard?period=week"
            aria-current={active === "week" ? "page" : undefined}
            className={segment}
          >
            This Week
          </Link>
        </nav>
        <label className="relative inline-flex items-center">
          <History className="pointer-events-none absolute left-3 size-4 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">Past seasons</span>
          <select
            value={pastValue}
            disabled={noPast}
            onChange={(e) => navigate(e.target.value ? `/leaderboard?season=${e.target.value}` : "/leaderboard")}
            className={cn(
              "h-10 max-w-full appearance-auto rounded-lg border bg-background py-0 pl-9 pr-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60",
              pastValue && "border-primary text-foreground",
            )}
          >
            <option value="">{noPast ? "No past seasons yet" : "Past seasons"}</option>
            {past.map((s) => (
              <option key={s.id} value={s.id}>
                {seasonLabel(s)}
              </option>
            ))}
            {/* A linked season not (yet) in the list still shows as chosen. */}
            {pastValue && !shown ? (
              <option value={pastValue}>{seasons.isPending ? "Loading seasons..." : "Unknown season"}</option>
            ) : null}
          </select>
        </label>
      </div>
      <Caption choice={choice} current={current} shown={shown} />
    </div>
  );
}
