import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber } from "@/lib/format";
import { formatScore } from "@contract/games-constants";
import type { UserStats } from "@contract/users";
import { NoScores } from "./no-scores";

function Bar({ value, max }: { value: number; max: number }) {
  const pct = max > 0 ? Math.max(2, Math.round((100 * value) / max)) : 0;
  return (
    <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-muted">
      <div className="h-full rounded-full bg-gradient-to-r from-primary to-brand-2" style={{ width: `${pct}%` }} />
    </div>
  );
}

/** D92: the player's rank on the game's all-time board, "#3" read as "Rank 3 on <game>"; nothing while off the boards. */
function GameRank({ rank, title }: { rank: number | null; title: string }) {
  if (rank === null) return null;
  return (
    <Badge
      variant={rank <= 3 ? "featured" : "secondary"}
      className="self-center tabular-nums"
      title={`Rank ${rank} on ${title}`}
      data-field="rank"
    >
      <span aria-hidden="true">#{formatNumber(rank)}</span>
      <span className="sr-only">
        Rank {formatNumber(rank)} on {title}
      </span>
    </Badge>
  );
}

/**
 * D90: the games whose scores are points, highest best first with a bar against the highest; then the games whose
 * scores are times (a bar would compare times of different games), by title, each time as 1:02.345.
 */
export function bestScoreRows(games: UserStats["games"]) {
  const points = games.filter((g) => g.scoreFormat !== "time_ms").sort((a, b) => b.bestScore - a.bestScore);
  const times = games.filter((g) => g.scoreFormat === "time_ms").sort((a, b) => a.title.localeCompare(b.title));
  return { rows: [...points, ...times], max: points[0]?.bestScore ?? 0 };
}

/** The profile's Statistics tab (D25: real data): best scores and favourite categories. */
export function StatisticsTab({ stats, username }: { stats: UserStats; username: string }) {
  if (stats.games.length === 0 && stats.categories.length === 0) return <NoScores username={username} />;
  const { rows: bests, max } = bestScoreRows(stats.games);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Best Scores</CardTitle>
          <CardDescription>Personal best in every game played.</CardDescription>
        </CardHeader>
        <CardContent>
          {bests.length === 0 ? (
            <p className="text-sm text-muted-foreground">No scores yet.</p>
          ) : (
            <ul className="space-y-4" aria-label="Best scores">
              {bests.map((g) => (
                <li key={g.gameId} data-testid="best-score" data-game-id={g.gameId}>
                  <div className="mb-1.5 flex items-baseline justify-between gap-3">
                    <div className="min-w-0">
                      <Link
                        href={`/game/${g.gameId}`}
                        className="truncate rounded font-medium outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {g.title}
                      </Link>
                      <span className="ml-2 text-xs text-muted-foreground">{g.category}</span>
                    </div>
                    <span className="flex shrink-0 items-baseline gap-1.5">
                      <GameRank rank={g.rank} title={g.title} />
                      {g.scoreFormat === "time_ms" ? (
                        <span className="text-xs text-muted-foreground">Best time</span>
                      ) : null}
                      <span className="font-bold tabular-nums" data-field="bestScore">
                        {formatScore(g.bestScore, g.scoreFormat)}
                      </span>
                    </span>
                  </div>
                  {g.scoreFormat === "time_ms" ? null : <Bar value={g.bestScore} max={max} />}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Favorite Categories</CardTitle>
          <CardDescription>Share of games started, by category.</CardDescription>
        </CardHeader>
        <CardContent>
          {stats.categories.length === 0 ? (
            <p className="text-sm text-muted-foreground">No plays yet.</p>
          ) : (
            <ul className="space-y-4" aria-label="Category shares">
              {stats.categories.map((c) => (
                <li key={c.slug} data-testid="category-share" data-slug={c.slug}>
                  <div className="mb-1.5 flex items-baseline justify-between gap-3">
                    <Link
                      href={`/category/${c.slug}`}
                      className="rounded font-medium outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {c.name}
                    </Link>
                    <span className="text-sm tabular-nums">
                      <span className="font-bold" data-field="share">
                        {c.share}%
                      </span>
                      <span className="text-muted-foreground">
                        {" "}
                        · {formatNumber(c.plays)} {c.plays === 1 ? "play" : "plays"}
                      </span>
                    </span>
                  </div>
                  <Bar value={c.share} max={100} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
