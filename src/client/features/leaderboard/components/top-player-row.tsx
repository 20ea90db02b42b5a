import { Link } from "wouter";
import { UserAvatar } from "@/components/ui/avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import type { LeaderboardEntry } from "@contract/leaderboard";
import { RankBadge } from "./rank-badge";

/** 5 skeleton rows (spec §4); the home widget reads the weekly board, five players. */
export const TOP_PLAYERS_LIMIT = 5;

export function TopPlayerRow({ entry }: { entry: LeaderboardEntry }) {
  return (
    <li
      className="flex items-center gap-2.5 rounded-lg px-1 py-2.5 transition-colors hover:bg-accent/60 sm:gap-3 sm:px-2"
      data-testid="top-player-row"
    >
      <RankBadge rank={entry.rank} />
      <UserAvatar username={entry.user.username} src={entry.user.avatarUrl} className="size-9 sm:size-10" />
      <div className="min-w-0 flex-1">
        <Link
          href={`/profile/${entry.user.id}`}
          className="block truncate rounded font-semibold outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {entry.user.username}
        </Link>
        <p className="text-xs text-muted-foreground">
          <span data-field="games">{formatNumber(entry.gamesPlayed)}</span> {entry.gamesPlayed === 1 ? "game" : "games"}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <span data-field="winRate">{entry.winRate}%</span> win rate
        </p>
      </div>
      <div className="text-right">
        <p className="font-bold tabular-nums" data-field="score">
          {formatNumber(entry.totalScore)}
        </p>
        <p className="text-xs text-muted-foreground">points</p>
      </div>
    </li>
  );
}

export function TopPlayerRowSkeleton() {
  return (
    <li className="flex items-center gap-2.5 px-1 py-2.5 sm:gap-3 sm:px-2" data-testid="leaderboard-skeleton">
      <Skeleton className="size-8 rounded-full" />
      <Skeleton className="size-9 rounded-full sm:size-10" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-3 w-24" />
      </div>
      <Skeleton className="h-5 w-14" />
    </li>
  );
}
