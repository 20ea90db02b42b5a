import {
  Award,
  BarChart3,
  Clock,
  Compass,
  Crown,
  Flame,
  Footprints,
  Gamepad2,
  Gem,
  History,
  Lock,
  Medal,
  MessageSquareText,
  Shapes,
  TrendingUp,
  Trophy,
} from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { Link } from "wouter";
import { formatScore } from "@contract/games-constants";
import type { UserStats } from "@contract/users";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatNumber } from "@/lib/format";
import { useTimeFormat } from "@/lib/hydration";
import { cn } from "@/lib/utils";
import { useUserGameAchievements } from "../api/get-user-game-achievements";
import { achievementSummary, recentGames, type Achievement } from "../achievements";
import { GameThumb } from "./game-thumb";

const ACHIEVEMENT_ICONS: Record<string, ComponentType<{ className?: string; "aria-hidden"?: boolean }>> = {
  first_score: Footprints,
  first_victory: Trophy,
  hat_trick: Flame,
  game_explorer: Compass,
  all_rounder: Shapes,
  high_roller: Gem,
  dedicated_player: Medal,
  champion: Crown,
  rising_star: TrendingUp,
  critic: MessageSquareText,
};

function Bar({ value, max }: { value: number; max: number }) {
  const pct = max > 0 ? Math.max(2, Math.round((100 * value) / max)) : 0;
  return (
    <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-muted">
      <div className="h-full rounded-full bg-gradient-to-r from-primary to-brand-2" style={{ width: `${pct}%` }} />
    </div>
  );
}

function NoScores({ username }: { username: string }) {
  return (
    <EmptyState
      icon={<Gamepad2 />}
      title="No games played yet"
      description={`${username} has not set any scores yet. Scores appear here after a game is played while signed in.`}
      action={
        <Link href="/games" className={buttonClasses("gradient")}>
          Browse Games
        </Link>
      }
    />
  );
}

/** D92: the player's rank on the game's all-time board, "#3" read as "Rank 3 on <game>"; nothing while off the boards (D93). */
function GameRank({ rank, title }: { rank: number | null; title: string }) {
  if (rank === null) return null;
  return (
    <Badge variant={rank <= 3 ? "featured" : "secondary"} className="self-center tabular-nums" title={`Rank ${rank} on ${title}`} data-field="rank">
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

function Statistics({ stats, username }: { stats: UserStats; username: string }) {
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
                      {g.scoreFormat === "time_ms" ? <span className="text-xs text-muted-foreground">Best time</span> : null}
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

function AchievementTile({ a }: { a: Achievement }) {
  const Icon = ACHIEVEMENT_ICONS[a.id] ?? Award;
  const unlocked = a.unlockedAt !== null;
  const time = useTimeFormat();
  return (
    <li
      data-testid="achievement"
      data-unlocked={unlocked}
      className={cn("flex items-start gap-3 rounded-xl border p-4", unlocked ? "border-primary/30 bg-primary/5" : "border-dashed bg-muted/30")}
    >
      <span
        className={cn(
          "flex size-11 shrink-0 items-center justify-center rounded-xl [&_svg]:size-5",
          unlocked ? "bg-gradient-to-br from-amber-300 to-yellow-500 text-amber-950 shadow-sm" : "bg-muted text-muted-foreground grayscale",
        )}
      >
        <Icon aria-hidden={true} />
      </span>
      <div className="min-w-0">
        <h3 className={cn("font-semibold", !unlocked && "text-muted-foreground")}>{a.title}</h3>
        <p className="text-sm text-muted-foreground">{a.description}</p>
        <p className={cn("mt-1.5 inline-flex items-center gap-1 text-xs font-medium", unlocked ? "text-primary" : "text-muted-foreground")}>
          {unlocked ? (
            <>Unlocked {time.date(a.unlockedAt!)}</>
          ) : (
            <>
              <Lock className="size-3" aria-hidden="true" />
              Locked
            </>
          )}
        </p>
      </div>
    </li>
  );
}

function Achievements({ stats }: { stats: UserStats }) {
  const summary = achievementSummary(stats.achievements);
  const pct = summary.total ? Math.round((100 * summary.unlocked) / summary.total) : 0;
  return (
    <div className="space-y-5">
      <div className="rounded-xl border bg-card p-4 shadow-sm">
        <p className="font-semibold" data-testid="achievement-summary">
          {summary.text}
        </p>
        <div aria-hidden="true" className="mt-2 h-2.5 overflow-hidden rounded-full bg-muted">
          <div className="h-full rounded-full bg-gradient-to-r from-amber-400 to-yellow-500" style={{ width: `${pct}%` }} />
        </div>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {stats.achievements.map((a) => (
          <AchievementTile key={a.id} a={a} />
        ))}
      </ul>
    </div>
  );
}

/** D78: the games' own achievements the user unlocked (game, achievement, date), beside the site's ten. */
export function GameAchievementsUnlocked({ userId }: { userId: number }) {
  const list = useUserGameAchievements(userId);
  const time = useTimeFormat();
  if (list.isPending) return <Skeleton className="h-20 w-full" />;
  if (list.isError) return null;
  return (
    <section aria-labelledby="game-achievements-heading" className="space-y-3">
      <h2 id="game-achievements-heading" className="font-semibold">
        Game achievements
      </h2>
      {list.data.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="game-achievements-empty">
          No game achievements unlocked yet.
        </p>
      ) : (
        <Card>
          <ul className="divide-y" aria-label="Game achievements">
            {list.data.map((a) => (
              <li key={`${a.gameId}:${a.key}`} data-testid="game-achievement" className="flex items-center gap-3 p-3 sm:p-4">
                <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-gradient-to-br from-amber-300 to-yellow-500 text-amber-950 [&_svg]:size-4">
                  {a.iconUrl ? (
                    <img src={a.iconUrl} alt="" width={36} height={36} loading="lazy" className="size-full object-cover" />
                  ) : (
                    <Medal aria-hidden="true" />
                  )}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium" data-field="title">
                    {a.title}
                  </p>
                  <Link
                    href={`/game/${a.gameId}`}
                    className="block truncate rounded text-xs text-muted-foreground outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                    data-field="game"
                  >
                    {a.gameTitle}
                  </Link>
                </div>
                <time dateTime={a.unlockedAt} className="shrink-0 text-xs text-muted-foreground" data-field="date">
                  {time.date(a.unlockedAt)}
                </time>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

function RecentGames({ stats, username }: { stats: UserStats; username: string }) {
  const time = useTimeFormat();
  if (stats.games.length === 0) return <NoScores username={username} />;
  return (
    <Card>
      <ul className="divide-y" aria-label="Recently played games">
        {recentGames(stats.games).map((g) => (
          <li key={g.gameId} data-testid="recent-game" data-game-id={g.gameId} className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4">
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
              <p className="text-xs text-muted-foreground">{g.scoreFormat === "time_ms" ? "Best time" : "Best score"}</p>
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

function TabsSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="stats-skeleton">
      {Array.from({ length: 2 }, (_, i) => (
        <div key={i} className="space-y-4 rounded-xl border p-5">
          <Skeleton className="h-5 w-40" />
          {Array.from({ length: 4 }, (_, j) => (
            <div key={j} className="space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-2.5 w-full" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function Tab({ value, icon, children }: { value: string; icon: ReactNode; children: ReactNode }) {
  return (
    <TabsTrigger value={value} className="flex-1 px-2 sm:flex-none sm:px-3">
      <span className="hidden sm:contents">{icon}</span>
      {children}
    </TabsTrigger>
  );
}

/** Profile tabs (spec §2; D25 real data): Statistics, Achievements, Recent Games. */
export function ProfileTabs({
  stats,
  isPending,
  isError,
  username,
  userId,
}: {
  stats: UserStats | undefined;
  isPending: boolean;
  isError: boolean;
  username: string;
  /** D78: shows the user's game achievements under the site's ten when given */
  userId?: number;
}) {
  const body = (render: (s: UserStats) => ReactNode) =>
    isPending ? <TabsSkeleton /> : isError || !stats ? <p className="py-10 text-center text-muted-foreground">Failed to load statistics</p> : render(stats);
  return (
    <Tabs defaultValue="statistics">
      <TabsList aria-label="Profile sections" className="flex w-full sm:inline-flex sm:w-auto">
        <Tab value="statistics" icon={<BarChart3 aria-hidden="true" />}>
          Statistics
        </Tab>
        <Tab value="achievements" icon={<Award aria-hidden="true" />}>
          Achievements
        </Tab>
        <Tab value="recent" icon={<History aria-hidden="true" />}>
          Recent Games
        </Tab>
      </TabsList>
      <TabsContent value="statistics" className="mt-6">
        {body((s) => (
          <Statistics stats={s} username={username} />
        ))}
      </TabsContent>
      <TabsContent value="achievements" className="mt-6">
        {body((s) => (
          <div className="space-y-8">
            <Achievements stats={s} />
            {userId !== undefined && <GameAchievementsUnlocked userId={userId} />}
          </div>
        ))}
      </TabsContent>
      <TabsContent value="recent" className="mt-6">
        {body((s) => (
          <RecentGames stats={s} username={username} />
        ))}
      </TabsContent>
    </Tabs>
  );
}
