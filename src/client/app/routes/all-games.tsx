import { Gamepad2, Star } from "lucide-react";
import { Container } from "@/components/container";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { useCategories } from "@/features/categories/api/get-categories";
import { useInfiniteGames } from "@/features/games/api/get-infinite-games";
import { GameFilters } from "@/features/games/components/game-filters";
import { GameResults } from "@/features/games/components/game-results";
import { useGameListFilters } from "@/features/games/use-game-list-filters";
import { STATIC_PAGE_META } from "@contract/pages";

export const ALL_GAMES_PAGE_SIZE = 24;

/**
 * All Games and, with `featured`, /games/featured (D50: All Games filtered to featured
 * games, heading 'Featured Games'). Search, category and sort live in the URL.
 */
export function AllGamesScreen({ featured = false }: { featured?: boolean }) {
  const filters = useGameListFilters();
  const categories = useCategories();
  const category = featured ? "featured" : filters.category;
  const query = useInfiniteGames({
    search: filters.search || undefined,
    category: category || undefined,
    sort: filters.sort === "relevance" ? undefined : filters.sort,
    limit: ALL_GAMES_PAGE_SIZE,
  });
  const meta = STATIC_PAGE_META[featured ? "/games/featured" : "/games"];
  const heading = meta.title;

  return (
    <>
      <PageTitle title={heading} description={meta.description()} />
      <PageHeader title={heading} icon={featured ? <Star /> : <Gamepad2 />} description={meta.description()} />
      <Container className="py-8">
        <GameFilters filters={filters} categories={featured ? null : (categories.data ?? [])} />
        <GameResults query={query} label={heading} onClearFilters={filters.clear} />
      </Container>
    </>
  );
}
