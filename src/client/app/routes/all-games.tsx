import { Gamepad2, Loader2, Search, SearchX, Star } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "wouter";
import { gameSortSchema, type GameSort } from "@contract/games";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useCategories } from "@/features/categories/api/get-categories";
import { useInfiniteGames } from "@/features/games/api/get-games";
import { GameCard, GameCardSkeleton } from "@/features/games/components/game-card";
import { GameGrid, GameGridItem } from "@/features/games/components/game-grid";
import { PageHeader } from "@/components/page-header";

/** Spec §9: 10 loading placeholders on All Games. */
export const ALL_GAMES_SKELETONS = 10;
export const ALL_GAMES_PAGE_SIZE = 24;
const SEARCH_DEBOUNCE_MS = 300;
const ALL = "all";

export const SORT_OPTIONS: { value: GameSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "popular", label: "Most Popular" },
  { value: "rating", label: "Highest Rated" },
];

/**
 * All Games (spec §2) and, with `featured`, /games/featured (D50: All Games filtered to featured
 * games, heading 'Featured Games'). Search, category and sort live in the URL (D52).
 */
export function AllGamesScreen({ featured = false }: { featured?: boolean }) {
  const [params, setParams] = useSearchParams();
  const search = (params.get("search") ?? "").trim();
  const categoryParam = params.get("category") ?? "";
  const category = featured ? "featured" : categoryParam;
  const sortParsed = gameSortSchema.safeParse(params.get("sort"));
  const sort: GameSort = sortParsed.success ? sortParsed.data : "newest";

  const [input, setInput] = useState(search);
  // The URL changed from outside (header search, back button): show it in the box.
  useEffect(() => setInput((prev) => (prev.trim() === search ? prev : search)), [search]);

  function update(changes: Record<string, string | null>) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  }

  // Typing updates the URL after a short pause.
  useEffect(() => {
    const value = input.trim();
    if (value === search) return;
    const t = setTimeout(() => update({ search: value || null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input, search]);

  const categories = useCategories();
  const query = useInfiniteGames({
    search: search || undefined,
    category: category || undefined,
    sort,
    limit: ALL_GAMES_PAGE_SIZE,
  });
  const games = query.data?.pages.flatMap((p) => p.games) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  function clearFilters() {
    setInput("");
    setParams(new URLSearchParams(), { replace: true });
  }

  const searchId = useId();
  const heading = featured ? "Featured Games" : "All Games";

  return (
    <>
      <PageTitle title={heading} />
      <PageHeader
        title={heading}
        icon={featured ? <Star /> : <Gamepad2 />}
        description={featured ? "Hand-picked games our players love." : "Find your next favourite game."}
      />
      <Container className="py-8">
        <div className="mb-6 flex flex-col gap-3 rounded-2xl border bg-card p-3 shadow-sm sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search games
            </label>
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id={searchId}
              type="search"
              placeholder="Search games..."
              value={input}
              onChange={(e) => setInput(e.target.value)}
              className="pl-9"
            />
          </div>
          {featured ? null : (
            <Select value={categoryParam || ALL} onValueChange={(v) => update({ category: v === ALL ? null : v })}>
              <SelectTrigger aria-label="Category" className="sm:w-52">
                <SelectValue placeholder="All Categories" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All Categories</SelectItem>
                {(categories.data ?? []).map((c) => (
                  <SelectItem key={c.slug} value={c.slug}>
                    {c.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
          <Select value={sort} onValueChange={(v) => update({ sort: v === "newest" ? null : v })}>
            <SelectTrigger aria-label="Sort by" className="sm:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SORT_OPTIONS.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
          {query.isPending ? "Loading games…" : query.isError ? "" : `${total} ${total === 1 ? "game" : "games"}`}
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
              <Button variant="outline" onClick={clearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <>
            <GameGrid label={heading}>
              {games.map((g) => (
                <GameGridItem key={g.id}>
                  <GameCard game={g} />
                </GameGridItem>
              ))}
            </GameGrid>
            {query.hasNextPage ? (
              <div className="mt-8 flex justify-center">
                <Button variant="outline" size="lg" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                  {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
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
