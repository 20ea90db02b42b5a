import { Clock } from "lucide-react";
import { Link } from "wouter";
import { Card } from "@/components/ui/card";
import { formatNumber } from "@/lib/format";
import { useTimeFormat } from "@/lib/hydration";
import { formatScore } from "@contract/games-constants";
import type { UserStats } from "@contract/users";
import { recentGames } from "../recent-games";
import { GameThumb } from "./game-thumb";
import { NoScores } from "./no-scores";

/** The profile's Recent Games tab (D25: real data): the games played last, with the best score of each. */
export function RecentGamesTab({ stats, username }: { stats: UserStats; username: string }) {
  const time = useTimeFormat();
  if (stats.games.length === 0) return <NoScores username={username} />;
  return (
    <Card>
      <ul className="divide-y" aria-label="Recently played games">
        {recentGames(stats.games).map((g) => (
          <li
            key={g.gameId}
            data-testid="recent-game"
            data-game-id={g.gameId}
            className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4"
          >
            <GameThumb src={g.imageUrl} className="aspect-[4/3] w-16 sm:w-20" />
            <div className="min-w-0 flex-1">
              <Link
                href={`/game/${g.gameId}`}
                className="block truncate rounded font-semibold outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {g.title}
              </Link>
              <p className="text-xs text-muted-foreground">
                {g.category} · {formatNumber(g.scores)} {g.scores === 1 ? "score" : "scores"}
              </p>
              <p className="mt-0.5 inline-flex items-center gap-1 text-xs text-muted-foreground">
                <Clock className="size-3" aria-hidden="true" />
                Last played{" "}
                <time dateTime={g.lastPlayedAt} title={time.date(g.lastPlayedAt)} data-field="lastPlayed">
                  {time.relative(g.lastPlayedAt)}
                </time>
              </p>
            </div>
            <div className="text-right">
              <p className="text-xs text-muted-foreground">
                {g.scoreFormat === "time_ms" ? "Best time" : "Best score"}
              </p>
              <p className="font-bold tabular-nums" data-field="bestScore">
                {formatScore(g.bestScore, g.scoreFormat)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
