import { LayoutGrid } from "lucide-react";
import { useState } from "react";
import { Container } from "@/components/container";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { Skeleton } from "@/components/ui/skeleton";
import { useCollection } from "@/features/collections/api/get-collection";
import { useInfiniteCollectionGames } from "@/features/games/api/get-collection-games";
import { CATEGORY_PAGE_SIZE, CategoryGames } from "@/features/games/components/category-games";
import { GameViewToggle, type GameView } from "@/features/games/components/game-view-toggle";
import { ApiError } from "@/lib/api-client";
import { MISSING_TITLES } from "@contract/pages";

/** /collection/{slug} (D83): a collection's games, as a category's page shows its own (12, then Load More Games). */
export function CollectionScreen({ slug }: { slug: string }) {
  // key: the visible count resets when the slug changes
  return <CollectionView key={slug} slug={slug} />;
}

function CollectionView({ slug }: { slug: string }) {
  const collection = useCollection(slug);
  const games = useInfiniteCollectionGames(slug, CATEGORY_PAGE_SIZE);
  const [view, setView] = useState<GameView>("grid");

  const notFound =
    collection.isError && collection.error instanceof ApiError && [400, 404].includes(collection.error.status);
  const title = collection.data?.title ?? (notFound ? MISSING_TITLES.collection : "");
  const count = games.data?.pages[0]?.total ?? 0;

  return (
    <>
      {title ? <PageTitle title={title} /> : null}
      <PageHeader
        title={title || "\u00a0"}
        icon={<LayoutGrid />}
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
      {collection.data?.description ? (
        <Container className="pt-6">
          <p className="max-w-3xl text-muted-foreground">{collection.data.description}</p>
        </Container>
      ) : null}
      <Container className="py-8">
        <CategoryGames games={games} view={view} label={title} loadFailed={games.isError && !notFound} />
      </Container>
    </>
  );
}
