import { ArrowRight, Trophy, Users } from "lucide-react";
import { Link } from "wouter";
import type { LeaderboardEntry } from "@contract/leaderboard";
import { UserAvatar } from "@/components/ui/avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useLeaderboard } from "../api/get-leaderboard";
import { RankBadge } from "./rank-badge";

/** Spec §4/§9: 5 skeleton rows; D24: the home widget reads the weekly board, five players. */
export const TOP_PLAYERS_LIMIT = 5;

export function TopPlayerRow({ entry }: { entry: LeaderboardEntry }) {
  return (
    <li className="flex items-center gap-2.5 rounded-lg px-1 py-2.5 transition-colors hover:bg-accent/60 sm:gap-3 sm:px-2" data-testid="top-player-row">
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

function GlobalList() {
  const board = useLeaderboard({ period: "week", limit: TOP_PLAYERS_LIMIT });
  if (board.isPending) {
    return (
      <ol aria-label="Loading top players" aria-busy="true" className="space-y-1">
        {Array.from({ length: TOP_PLAYERS_LIMIT }, (_, i) => (
          <TopPlayerRowSkeleton key={i} />
        ))}
      </ol>
    );
  }
  if (board.isError) {
    return <p className="py-8 text-center text-sm text-muted-foreground">Failed to load the leaderboard</p>;
  }
  if (board.data.length === 0) {
    return (
      <div className="py-8 text-center">
        <p className="font-medium">No scores this week yet</p>
        <p className="mt-1 text-sm text-muted-foreground">Play a game and be the first on this week's board.</p>
      </div>
    );
  }
  return (
    <ol aria-label="Top players this week" className="space-y-1">
      {board.data.map((entry) => (
        <TopPlayerRow key={entry.user.id} entry={entry} />
      ))}
    </ol>
  );
}

/**
 * Home "Top Players This Week" (spec §2, §4; D24 period=week). The Friends tab has no behaviour (D55):
 * it shows an honest note, never invented friends.
 */
export function TopPlayers({ className }: { className?: string }) {
  return (
    <div className={cn("rounded-xl border bg-card p-3 text-card-foreground shadow-sm sm:p-5", className)}>
      <Tabs defaultValue="global">
        <TabsList aria-label="Leaderboard scope" className="mb-1">
          <TabsTrigger value="global">
            <Trophy aria-hidden="true" />
            Global
          </TabsTrigger>
          <TabsTrigger value="friends">
            <Users aria-hidden="true" />
            Friends
          </TabsTrigger>
        </TabsList>
        <TabsContent value="global">
          <GlobalList />
        </TabsContent>
        <TabsContent value="friends">
          <div className="py-10 text-center">
            <Users className="mx-auto mb-3 size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">Friends rankings are coming soon</p>
            <p className="mt-1 text-sm text-muted-foreground">Until then, see how you stack up against everyone.</p>
          </div>
        </TabsContent>
      </Tabs>
      <div className="mt-3 border-t pt-3">
        <Link
          href="/leaderboard"
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          View Full Leaderboard <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}
