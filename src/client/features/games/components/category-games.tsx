import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { FolderSearch } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadMoreButton } from "@/components/load-more-button";
import type { GamePage } from "../api/get-games";
import { GameCard, GameCardSkeleton, GameListItem, GameListItemSkeleton } from "./game-card";
import { GameGrid, GameGridItem } from "./game-grid";
import { PRIORITY_COVERS } from "./game-image";
import type { GameView } from "./game-view-toggle";

/** Spec §9: page size / step / placeholders. */
export const CATEGORY_PAGE_SIZE = 12;

/**
 * A category's games as a grid or a list: 12 shown, 'Load More Games' adds 12 (spec §2), each page
 * read from the server; `loadFailed` says the games could not be read (not that the
 * category does not exist).
 */
export function CategoryGames({
  games,
  view,
  label,
  loadFailed,
}: {
  games: UseInfiniteQueryResult<InfiniteData<GamePage>>;
  view: GameView;
  label: string;
  loadFailed: boolean;
}) {
  const shown = games.data?.pages.flatMap((p) => p.games) ?? [];

  if (games.isPending)
    return view === "grid" ? (
      <GameGrid label="Loading games">
        {Array.from({ length: CATEGORY_PAGE_SIZE }, (_, i) => (
          <GameGridItem key={i}>
            <GameCardSkeleton />
          </GameGridItem>
        ))}
      </GameGrid>
    ) : (
      <div className="grid gap-3">
        {Array.from({ length: CATEGORY_PAGE_SIZE }, (_, i) => (
          <GameListItemSkeleton key={i} />
        ))}
      </div>
    );
  if (shown.length === 0)
    return (
      <EmptyState
        icon={<FolderSearch />}
        title="No Games Found"
        description={
          loadFailed ? "Failed to load games. Please try again." : "There are no games here yet. Check back soon!"
        }
      />
    );
  return (
    <>
      {view === "grid" ? (
        <GameGrid label={label}>
          {shown.map((g, i) => (
            <GameGridItem key={g.id}>
              <GameCard game={g} headingLevel={2} priority={i < PRIORITY_COVERS} />
            </GameGridItem>
          ))}
        </GameGrid>
      ) : (
        <div role="list" aria-label={label} className="grid gap-3">
          {shown.map((g, i) => (
            <div role="listitem" key={g.id}>
              <GameListItem game={g} description={g.description} priority={i < PRIORITY_COVERS} />
            </div>
          ))}
        </div>
      )}
      <LoadMoreButton query={games} size="lg" className="mt-8">
        Load More Games
      </LoadMoreButton>
    </>
  );
}
