import {
  Award,
  Compass,
  Crown,
  Flame,
  Footprints,
  Gem,
  Lock,
  Medal,
  MessageSquareText,
  Shapes,
  TrendingUp,
  Trophy,
} from "lucide-react";
import type { ComponentType } from "react";
import { Link } from "wouter";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useTimeFormat } from "@/lib/hydration";
import { cn } from "@/lib/utils";
import type { UserStats } from "@contract/users";
import { useUserGameAchievements } from "../api/get-user-game-achievements";
import { achievementSummary, type SiteAchievement } from "../site-achievements";

/** The icons of the site's ten achievements, by id. */
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
function AchievementTile({ a }: { a: SiteAchievement }) {
  const Icon = ACHIEVEMENT_ICONS[a.id] ?? Award;
  const unlocked = a.unlockedAt !== null;
  const time = useTimeFormat();
  return (
    <li
      data-testid="achievement"
      data-unlocked={unlocked}
      className={cn(
        "flex items-start gap-3 rounded-xl border p-4",
        unlocked ? "border-primary/30 bg-primary/5" : "border-dashed bg-muted/30",
      )}
    >
      <span
        className={cn(
          "flex size-11 shrink-0 items-center justify-center rounded-xl [&_svg]:size-5",
          unlocked
            ? "bg-gradient-to-br from-amber-300 to-yellow-500 text-amber-950 shadow-sm"
            : "bg-muted text-muted-foreground grayscale",
        )}
      >
        <Icon aria-hidden={true} />
      </span>
      <div className="min-w-0">
        <h3 className={cn("font-semibold", !unlocked && "text-muted-foreground")}>{a.title}</h3>
        <p className="text-sm text-muted-foreground">{a.description}</p>
        <p
          className={cn(
            "mt-1.5 inline-flex items-center gap-1 text-xs font-medium",
            unlocked ? "text-primary" : "text-muted-foreground",
          )}
        >
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

function SiteAchievements({ stats }: { stats: UserStats }) {
  const summary = achievementSummary(stats.achievements);
  const pct = summary.total ? Math.round((100 * summary.unlocked) / summary.total) : 0;
  return (
    <div className="space-y-5">
      <div className="rounded-xl border bg-card p-4 shadow-sm">
        <p className="font-semibold" data-testid="achievement-summary">
          {summary.text}
        </p>
        <div aria-hidden="true" className="mt-2 h-2.5 overflow-hidden rounded-full bg-muted">
          <div
            className="h-full rounded-full bg-gradient-to-r from-amber-400 to-yellow-500"
            style={{ width: `${pct}%` }}
          />
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
function GameAchievementsUnlocked({ userId }: { userId: number }) {
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
              <li
                key={`${a.gameId}:${a.key}`}
                data-testid="game-achievement"
                className="flex items-center gap-3 p-3 sm:p-4"
              >
                <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-gradient-to-br from-amber-300 to-yellow-500 text-amber-950 [&_svg]:size-4">
                  {a.iconUrl ? (
                    <img
                      src={a.iconUrl}
                      alt=""
                      width={36}
                      height={36}
                      loading="lazy"
                      className="size-full object-cover"
                    />
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
/** The Achievements tab: the site's ten, then (D78) the games' own ones the player unlocked, when `userId` is given. */
export function AchievementsTab({ stats, userId }: { stats: UserStats; userId?: number }) {
  return (
    <div className="space-y-8">
      <SiteAchievements stats={stats} />
      {userId !== undefined && <GameAchievementsUnlocked userId={userId} />}
    </div>
  );
}
