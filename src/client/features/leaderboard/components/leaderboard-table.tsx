import { Link } from "wouter";
import { UserAvatar } from "@/components/ui/avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { BoardGapRow, OWN_ROW_CLASS, YouBadge } from "@/components/you-badge";
import { hasGap } from "@/lib/around-me";
import { formatNumber } from "@/lib/format";
import { useTimeFormat } from "@/lib/hydration";
import { cn } from "@/lib/utils";
import type { LeaderboardEntry } from "@contract/leaderboard";
import { TrophyBadge } from "./rank-badge";
import { WinRateBar } from "./win-rate-bar";

export const LEADERBOARD_SKELETON_ROWS = 10;

const th = "px-2 py-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground sm:px-4";
const td = "px-2 py-3 sm:px-4";

function Head() {
  return (
    <thead className="border-b bg-muted/40">
      <tr>
        <th scope="col" className={cn(th, "w-20 text-left sm:w-24")}>
          Rank
        </th>
        <th scope="col" className={cn(th, "text-left")}>
          Player
        </th>
        <th scope="col" className={cn(th, "text-right")}>
          Total Score
        </th>
        <th scope="col" className={cn(th, "hidden text-right sm:table-cell")}>
          Games
        </th>
        <th scope="col" className={cn(th, "text-right")}>
          Win Rate
        </th>
      </tr>
    </thead>
  );
}

function Row({ e, me }: { e: LeaderboardEntry; me?: number }) {
  const time = useTimeFormat();
  const mine = e.user.id === me;
  return (
    <tr
      data-testid="leaderboard-row"
      data-own={mine || undefined}
      aria-current={mine ? "true" : undefined}
      className={cn(
        "border-b last:border-0 transition-colors hover:bg-accent/40",
        e.rank <= 3 && "bg-primary/[0.03]",
        mine && OWN_ROW_CLASS,
      )}
    >
      <td className={td}>
        <span className="inline-flex items-center gap-2">
          <span className="min-w-6 text-base font-bold tabular-nums" data-field="rank">
            {e.rank}
          </span>
          <TrophyBadge rank={e.rank} className="size-6 sm:size-7" />
        </span>
      </td>
      <td className={cn(td, "min-w-0")}>
        <div className="flex min-w-0 items-center gap-3">
          <span className="hidden min-[400px]:contents">
            <UserAvatar username={e.user.username} src={e.user.avatarUrl} className="size-10" />
          </span>
          <div className="min-w-0">
            <div className="flex min-w-0 items-center gap-1.5">
              <Link
                href={`/profile/${e.user.id}`}
                className="block truncate rounded font-semibold outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                data-field="username"
              >
                {e.user.username}
              </Link>
              {mine ? <YouBadge /> : null}
            </div>
            <p className="text-xs text-muted-foreground">Member since {time.date(e.user.createdAt)}</p>
          </div>
        </div>
      </td>
      <td className={cn(td, "text-right font-bold tabular-nums")} data-field="score">
        {formatNumber(e.totalScore)}
      </td>
      <td className={cn(td, "hidden text-right tabular-nums sm:table-cell")} data-field="games">
        {formatNumber(e.gamesPlayed)}
      </td>
      <td className={td} data-field="winRate">
        <WinRateBar value={e.winRate} barClassName="hidden md:block" />
      </td>
    </tr>
  );
}

/**
 * The /leaderboard table: Rank, Player (link to /profile/{id} with 'Member since'),
 * Total Score, Games, Win Rate (bar and percent). The top 3 carry a trophy badge. D92: `me`'s row is highlighted
 * ("You", aria-current) wherever it is; `after` are the rows around the player, below a "…" when ranks are skipped.
 */
export function LeaderboardTable({
  entries,
  me,
  after = [],
  caption = "Player rankings",
  className,
}: {
  entries: LeaderboardEntry[];
  me?: number;
  after?: LeaderboardEntry[];
  caption?: string;
  className?: string;
}) {
  return (
    <table className={cn("w-full border-collapse text-sm", className)}>
      <caption className="sr-only">{caption}</caption>
      <Head />
      <tbody>
        {entries.map((e) => (
          <Row key={e.user.id} e={e} me={me} />
        ))}
        {hasGap(entries, after) ? <BoardGapRow colSpan={5} /> : null}
        {after.map((e) => (
          <Row key={e.user.id} e={e} me={me} />
        ))}
      </tbody>
    </table>
  );
}

export function LeaderboardTableSkeleton({ rows = LEADERBOARD_SKELETON_ROWS }: { rows?: number }) {
  return (
    <table className="w-full border-collapse text-sm" aria-busy="true">
      <caption className="sr-only">Loading player rankings</caption>
      <Head />
      <tbody>
        {Array.from({ length: rows }, (_, i) => (
          <tr key={i} data-testid="leaderboard-skeleton" className="border-b last:border-0">
            <td className={td}>
              <Skeleton className="h-5 w-8" />
            </td>
            <td className={td}>
              <div className="flex items-center gap-3">
                <span className="hidden min-[400px]:contents">
                  <Skeleton className="size-10 rounded-full" />
                </span>
                <div className="space-y-2">
                  <Skeleton className="h-4 w-28" />
                  <Skeleton className="h-3 w-36" />
                </div>
              </div>
            </td>
            <td className={td}>
              <Skeleton className="ml-auto h-4 w-14" />
            </td>
            <td className={cn(td, "hidden sm:table-cell")}>
              <Skeleton className="ml-auto h-4 w-8" />
            </td>
            <td className={td}>
              <Skeleton className="ml-auto h-4 w-16 md:w-28" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
