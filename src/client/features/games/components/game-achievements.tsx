import { Check, EyeOff, Medal } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { useGameAchievements, useMyGameAchievements } from "@/features/games/api/game-achievements";
import { useAsServerRendered } from "@/lib/hydration";
import { useCurrentUser } from "@/lib/session";
import { cn } from "@/lib/utils";

/**
 * D78: the game's own achievements in the About tab, each with the share of the game's players who have
 * it; after hydration the signed-in player's own ones are marked (a client-only read). Nothing is
 * shown for a game without achievements.
 */
export function GameAchievements({ gameId }: { gameId: number }) {
  const list = useGameAchievements(gameId);
  const { user } = useCurrentUser();
  const mine = useAsServerRendered(useMyGameAchievements(gameId, user?.id ?? null));
  if (list.isPending) return <Skeleton className="h-24 w-full" data-testid="game-achievements-skeleton" />;
  if (list.isError || list.data.length === 0) return null;
  const unlocked = new Set(mine.data?.unlocked.map((u) => u.key) ?? []);
  const count = list.data.filter((a) => unlocked.has(a.key)).length;
  return (
    <section aria-labelledby={`game-achievements-${gameId}`} className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={`game-achievements-${gameId}`} className="font-semibold">
          Achievements
        </h3>
        {user && mine.data && (
          <p className="text-xs text-muted-foreground" data-testid="game-achievements-count">
            {count}/{list.data.length} unlocked
          </p>
        )}
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {list.data.map((a) => {
          const has = unlocked.has(a.key);
          return (
            <li
              key={a.key}
              data-testid="game-achievement"
              data-unlocked={has}
              className={cn(
                "flex items-start gap-3 rounded-lg border p-3",
                has ? "border-primary/40 bg-primary/5" : "bg-muted/30",
              )}
            >
              <span
                className={cn(
                  "flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-lg [&_svg]:size-4",
                  has
                    ? "bg-gradient-to-br from-amber-300 to-yellow-500 text-amber-950"
                    : "bg-muted text-muted-foreground",
                )}
              >
                {a.iconUrl ? (
                  <img
                    src={a.iconUrl}
                    alt=""
                    width={36}
                    height={36}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                ) : a.hidden ? (
                  <EyeOff aria-hidden="true" />
                ) : (
                  <Medal aria-hidden="true" />
                )}
              </span>
              <div className="min-w-0 flex-1">
                <p className={cn("font-medium", a.hidden && "text-muted-foreground italic")}>{a.title}</p>
                {a.description && <p className="text-sm text-muted-foreground">{a.description}</p>}
                <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                  <span data-field="players">{a.players}% of players</span>
                  {has && (
                    <span className="inline-flex items-center gap-0.5 font-medium text-primary">
                      <Check className="size-3" aria-hidden="true" />
                      Unlocked
                    </span>
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
