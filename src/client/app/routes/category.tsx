import { FolderSearch, Grid3x3, LayoutGrid, List } from "lucide-react";
import { useState } from "react";
import { PSEUDO_CATEGORIES } from "@contract/categories";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCategory } from "@/features/categories/api/get-category";
import { useCategoryGames } from "@/features/games/api/get-category-games";
import { GameCard, GameCardSkeleton, GameListItem, GameListItemSkeleton } from "@/features/games/components/game-card";
import { GameGrid, GameGridItem } from "@/features/games/components/game-grid";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { PageHeader } from "@/components/page-header";

/** Spec §9: page size / step / placeholders. */
export const CATEGORY_PAGE_SIZE = 12;

function isPseudo(slug: string): slug is keyof typeof PSEUDO_CATEGORIES {
  return Object.prototype.hasOwnProperty.call(PSEUDO_CATEGORIES, slug);
}

export function CategoryScreen({ slug }: { slug: string }) {
  // key: the visible count resets to 12 when the slug changes (spec §2)
  return <CategoryView key={slug} slug={slug} />;
}

function CategoryView({ slug }: { slug: string }) {
  const pseudo = isPseudo(slug);
  const category = useCategory(slug, { enabled: !pseudo });
  const games = useCategoryGames(slug);
  const [visible, setVisible] = useState(CATEGORY_PAGE_SIZE);
  const [view, setView] = useState<"grid" | "list">("grid");

  const notFound = !pseudo && category.isError && category.error instanceof ApiError && [400, 404].includes(category.error.status);
  const title = pseudo ? PSEUDO_CATEGORIES[slug] : category.data?.name ?? (notFound ? "Category Not Found" : "");
  const list = games.data ?? [];
  const shown = list.slice(0, visible);

  return (
    <>
      {title ? <PageTitle title={title} /> : null}
      <PageHeader
        title={title || "\u00a0"}
        icon={<Grid3x3 />}
        description={
          games.isPending ? (
            <Skeleton className="h-5 w-20" />
          ) : (
            <span aria-live="polite">{`${list.length} ${list.length === 1 ? "game" : "games"}`}</span>
          )
        }
      >
        <div role="group" aria-label="View" className="flex shrink-0 gap-1 self-center rounded-lg border bg-card p-1">
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={view === "grid"}
            aria-label="Grid view"
            onClick={() => setView("grid")}
            className={cn("px-2", view === "grid" && "bg-accent text-accent-foreground")}
          >
            <LayoutGrid aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={view === "list"}
            aria-label="List view"
            onClick={() => setView("list")}
            className={cn("px-2", view === "list" && "bg-accent text-accent-foreground")}
          >
            <List aria-hidden="true" />
          </Button>
        </div>
      </PageHeader>
      {!pseudo && category.data?.description ? (
        <Container className="pt-6">
          <p className="max-w-3xl text-muted-foreground">{category.data.description}</p>
        </Container>
      ) : null}
      <Container className="py-8">
        {games.isPending ? (
          view === "grid" ? (
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
          )
        ) : list.length === 0 ? (
          <EmptyState
            icon={<FolderSearch />}
            title="No Games Found"
            description={games.isError && !notFound ? "Failed to load games. Please try again." : "There are no games here yet. Check back soon!"}
          />
        ) : (
          <>
            {view === "grid" ? (
              <GameGrid label={title}>
                {shown.map((g) => (
                  <GameGridItem key={g.id}>
                    <GameCard game={g} />
                  </GameGridItem>
                ))}
              </GameGrid>
            ) : (
              <div role="list" aria-label={title} className="grid gap-3">
                {shown.map((g) => (
                  <div role="listitem" key={g.id}>
                    <GameListItem game={g} description={g.description} />
                  </div>
                ))}
              </div>
            )}
            {visible < list.length ? (
              <div className="mt-8 flex justify-center">
                <Button variant="outline" size="lg" onClick={() => setVisible((v) => v + CATEGORY_PAGE_SIZE)}>
                  Load More Games
                </Button>
              </div>
            ) : null}
          </>
        )}
      </Container>
    </>
  );
}
