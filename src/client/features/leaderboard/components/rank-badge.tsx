import { Trophy } from "lucide-react";
import { cn } from "@/lib/utils";

/** Gold, silver and bronze for the top three (spec §2 "rank badge (top three coloured)"). */
const PODIUM: Record<number, string> = {
  1: "bg-gradient-to-br from-amber-300 to-yellow-500 text-amber-950 shadow-sm shadow-amber-500/40",
  2: "bg-gradient-to-br from-slate-200 to-slate-400 text-slate-900 shadow-sm shadow-slate-500/30",
  3: "bg-gradient-to-br from-orange-600 to-amber-800 text-white shadow-sm shadow-orange-700/30",
};

export function isPodium(rank: number): boolean {
  return rank >= 1 && rank <= 3;
}

/** A round badge with the rank number; the top three are coloured. */
export function RankBadge({ rank, className }: { rank: number; className?: string }) {
  return (
    <span
      data-podium={isPodium(rank) || undefined}
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums",
        PODIUM[rank] ?? "bg-muted text-muted-foreground",
        className,
      )}
    >
      <span className="sr-only">Rank </span>
      {rank}
    </span>
  );
}

/** Leaderboard table (spec §2): the top 3 get a trophy badge next to their rank. */
export function TrophyBadge({ rank, className }: { rank: number; className?: string }) {
  if (!isPodium(rank)) return null;
  const label = rank === 1 ? "Gold trophy" : rank === 2 ? "Silver trophy" : "Bronze trophy";
  return (
    <span
      data-testid="trophy-badge"
      role="img"
      aria-label={label}
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full [&_svg]:size-4",
        PODIUM[rank],
        className ?? "size-7",
      )}
    >
      <Trophy aria-hidden="true" />
    </span>
  );
}
