import { Grid3x3 } from "lucide-react";
import { useState } from "react";
import { Container } from "@/components/container";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { Skeleton } from "@/components/ui/skeleton";
import { useCategory } from "@/features/categories/api/get-category";
import { useInfiniteGames } from "@/features/games/api/get-infinite-games";
import { CATEGORY_PAGE_SIZE, CategoryGames } from "@/features/games/components/category-games";
import { GameViewToggle, type GameView } from "@/features/games/components/game-view-toggle";
import { ApiError } from "@/lib/api-client";
import { PSEUDO_CATEGORIES } from "@contract/categories-constants";
import { MISSING_TITLES } from "@contract/pages";

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
  // Pages of 12 from the server, newest first (as GET /api/games/category/{slug} orders them).
  const games = useInfiniteGames({ category: slug, sort: "newest", limit: CATEGORY_PAGE_SIZE });
  const [view, setView] = useState<GameView>("grid");

  const notFound =
    !pseudo && category.isError && category.error instanceof ApiError && [400, 404].includes(category.error.status);
  const title = pseudo ? PSEUDO_CATEGORIES[slug] : (category.data?.name ?? (notFound ? MISSING_TITLES.category : ""));
  const count = games.data?.pages[0]?.total ?? 0;

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
            <span aria-live="polite">{`${count} ${count === 1 ? "game" : "games"}`}</span>
          )
        }
      >
        <GameViewToggle view={view} onChange={setView} />
      </PageHeader>
      {!pseudo && category.data?.description ? (
        <Container className="pt-6">
          <p className="max-w-3xl text-muted-foreground">{category.data.description}</p>
        </Container>
      ) : null}
      <Container className="py-8">
        <CategoryGames games={games} view={view} label={title} loadFailed={games.isError && !notFound} />
      </Container>
    </>
  );
}
