import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadMoreButton } from "@/components/load-more-button";
import { Button } from "@/components/ui/button";
import type { GamePage } from "../api/get-games";
import { GameCard, GameCardSkeleton } from "./game-card";
import { GameGrid, GameGridItem } from "./game-grid";
import { PRIORITY_COVERS } from "./game-image";

/** Spec §9: 10 loading placeholders on All Games. */
export const ALL_GAMES_SKELETONS = 10;

/** All Games' count, then the games, 'Load More Games', or why there are none. */
export function GameResults({
  query,
  label,
  onClearFilters,
}: {
  query: UseInfiniteQueryResult<InfiniteData<GamePage>>;
  label: string;
  onClearFilters: () => void;
}) {
  const games = query.data?.pages.flatMap((p) => p.games) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const more = query.data?.pages[0]?.capped ? "+" : "";
  return (
    <>
      <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
        {query.isPending
          ? "Loading games…"
          : query.isError
            ? ""
            : `${total}${more} ${total === 1 && !more ? "game" : "games"}`}
      </p>

      {query.isPending ? (
        <GameGrid label="Loading games">
          {Array.from({ length: ALL_GAMES_SKELETONS }, (_, i) => (
            <GameGridItem key={i}>
              <GameCardSkeleton />
            </GameGridItem>
          ))}
        </GameGrid>
      ) : query.isError ? (
        <EmptyState
          icon={<SearchX />}
          title="Failed to load games"
          description="Please check your connection and try again."
          action={
            <Button variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : games.length === 0 ? (
        <EmptyState
          icon={<SearchX />}
          title="No games found"
          description="Try adjusting your search or filter criteria"
          action={
            <Button variant="outline" onClick={onClearFilters}>
              Clear filters
            </Button>
          }
        />
      ) : (
        <>
          <GameGrid label={label}>
            {games.map((g, i) => (
              <GameGridItem key={g.id}>
                <GameCard game={g} headingLevel={2} priority={i < PRIORITY_COVERS} />
              </GameGridItem>
            ))}
          </GameGrid>
          <LoadMoreButton query={query} size="lg" className="mt-8">
            Load More Games
          </LoadMoreButton>
        </>
      )}
    </>
  );
}
