import { ArrowRight, Gamepad2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { SectionHeading } from "@/components/section-heading";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useGames } from "../api/get-games";
import { homeFilterLabel, matchesHomeFilter, type HomeFilter } from "../home-filter";
import { GameCard, GameCardSkeleton } from "./game-card";
import { GameGrid, GameGridItem } from "./game-grid";

/** Spec §4: the home page shows 10 games, 'Load More Games' adds 10. */
export const HOME_GAMES_STEP = 10;

/**
 * Home games: All, New, Hot or a category; 10 shown, 'Load More Games' adds 10 (spec §4).
 * `categoryNames` (from the categories feature, passed in by the screen) add one filter each.
 */
export function PopularGames({ categoryNames }: { categoryNames: readonly string[] }) {
  const games = useGames({ limit: 100 });
  const [filter, setFilter] = useState<HomeFilter>({ kind: "all" });
  const [visible, setVisible] = useState(HOME_GAMES_STEP);

  const filters: HomeFilter[] = [
    { kind: "all" },
    { kind: "new" },
    { kind: "hot" },
    ...categoryNames.map((name) => ({ kind: "category" as const, name })),
  ];
  const list = (games.data?.games ?? []).filter((g) => matchesHomeFilter(filter, g));

  return (
    <section aria-labelledby="games-title">
      <SectionHeading
        id="games-title"
        title="Popular Games"
        action={
          <Link
            href="/games"
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary hover:underline outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            View all <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        }
      />
      <div
        role="group"
        aria-label="Filter games"
        className="scrollbar-none -mx-4 mb-5 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {filters.map((f) => {
          const label = homeFilterLabel(f);
          const active = filter.kind === f.kind && homeFilterLabel(filter) === label;
          return (
            <button
              key={`${f.kind}-${label}`}
              type="button"
              aria-pressed={active}
              onClick={() => {
                setFilter(f);
                setVisible(HOME_GAMES_STEP);
              }}
              className={cn(
                "h-9 shrink-0 rounded-full border px-4 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
                active
                  ? "border-transparent bg-primary text-primary-foreground shadow-sm"
                  : "bg-card text-muted-foreground hover:text-foreground",
              )}
            >
              {label}
            </button>
          );
        })}
      </div>
      {games.isPending ? (
        <GameGrid label="Loading games" wide>
          {Array.from({ length: HOME_GAMES_STEP }, (_, i) => (
            <GameGridItem key={i}>
              <GameCardSkeleton />
            </GameGridItem>
          ))}
        </GameGrid>
      ) : games.isError ? (
        <EmptyState
          icon={<Gamepad2 />}
          headingLevel={3}
          title="Failed to load games"
          description="Please try again in a moment."
        />
      ) : list.length === 0 ? (
        <EmptyState icon={<Gamepad2 />} headingLevel={3} title="No games found" description="Try another filter." />
      ) : (
        <>
          <GameGrid label="Games" wide>
            {list.slice(0, visible).map((g) => (
              <GameGridItem key={g.id}>
                <GameCard game={g} />
              </GameGridItem>
            ))}
          </GameGrid>
          {visible < list.length ? (
            <div className="mt-8 flex justify-center">
              <Button variant="outline" size="lg" onClick={() => setVisible((v) => v + HOME_GAMES_STEP)}>
                Load More Games
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
