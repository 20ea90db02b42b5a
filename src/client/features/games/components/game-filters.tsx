import { Search } from "lucide-react";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { SelectTriggerStandIn } from "@/components/ui/select-trigger-stand-in";
import { lazyPart } from "@/lib/lazy-component";
import { LoadOnInteraction } from "@/lib/load-on-interaction";
import type { GameListFilters } from "../use-game-list-filters";
import { categoryLabel, sortLabel, type CategoryChoice } from "./game-filter-choices";

/**
 * The category and sort selects (Radix Select and its positioning, about 20 KB gzip) load at their first use
 * (D73): until then their closed triggers, showing the current choice, stand in (also in the server's HTML).
 */
const CategorySelect = lazyPart("category-select", () => import("./game-filter-selects").then((m) => m.CategorySelect));
const SortSelect = lazyPart("sort-select", () => import("./game-filter-selects").then((m) => m.SortSelect));

export { RELEVANCE_OPTION, SORT_OPTIONS, sortParam } from "../sort-options";

/**
 * All Games' search box, category and sort selects (D52). `categories` (from the categories
 * feature, passed in by the screen) fill the category select; null hides it (/games/featured).
 */
export function GameFilters({
  filters,
  categories,
}: {
  filters: GameListFilters;
  categories: ReadonlyArray<CategoryChoice> | null;
}) {
  const searchId = useId();
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-2xl border bg-card p-3 shadow-sm sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <label htmlFor={searchId} className="sr-only">
          Search games
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search games..."
          value={filters.input}
          onChange={(e) => filters.setInput(e.target.value)}
          className="pl-9"
        />
      </div>
      {categories === null ? null : (
        <LoadOnInteraction
          part={CategorySelect}
          standIn={(handlers) => (
            <SelectTriggerStandIn
              aria-label="Category"
              className="sm:w-52"
              valueLabel={categoryLabel(filters, categories)}
              {...handlers}
            />
          )}
        >
          {(triggerRef) => <CategorySelect filters={filters} categories={categories} triggerRef={triggerRef} />}
        </LoadOnInteraction>
      )}
      <LoadOnInteraction
        part={SortSelect}
        standIn={(handlers) => (
          <SelectTriggerStandIn
            aria-label="Sort by"
            className="sm:w-44"
            valueLabel={sortLabel(filters)}
            {...handlers}
          />
        )}
      >
        {(triggerRef) => <SortSelect filters={filters} triggerRef={triggerRef} />}
      </LoadOnInteraction>
    </div>
  );
}
