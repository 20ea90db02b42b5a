import { Search } from "lucide-react";
import { Suspense, useId } from "react";
import { Input } from "@/components/ui/input";
import { lazyPart } from "@/lib/lazy-component";
import type { GameListFilters } from "../use-game-list-filters";

/**
 * The category and sort selects (Radix Select and its positioning, about 20 KB gzip) hydrate on their own when
 * their chunk arrives (issue 13 item 6, D73): the page, its search box and its games do not wait for them.
 */
const GameFilterSelects = lazyPart("game-filter-selects", () => import("./game-filter-selects").then((m) => m.GameFilterSelects));

/** The selects' places while their code loads after a navigation (a server-rendered page keeps its HTML). */
function SelectsPending({ withCategory }: { withCategory: boolean }) {
  return (
    <>
      {withCategory ? <span className="h-10 rounded-lg border border-input bg-card sm:w-52" aria-hidden="true" /> : null}
      <span className="h-10 rounded-lg border border-input bg-card sm:w-44" aria-hidden="true" />
    </>
  );
}

export { RELEVANCE_OPTION, SORT_OPTIONS, sortParam } from "../sort-options";

/**
 * All Games' search box, category and sort selects (D52). `categories` (from the categories
 * feature, passed in by the screen) fill the category select; null hides it (/games/featured, D50).
 */
export function GameFilters({ filters, categories }: { filters: GameListFilters; categories: ReadonlyArray<{ slug: string; name: string }> | null }) {
  const searchId = useId();
  return (
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
          value={filters.input}
          onChange={(e) => filters.setInput(e.target.value)}
          className="pl-9"
        />
      </div>
      <Suspense fallback={<SelectsPending withCategory={categories !== null} />}>
        <GameFilterSelects filters={filters} categories={categories} />
      </Suspense>
    </div>
  );
}
