import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { GameListFilters } from "../use-game-list-filters";
import { RELEVANCE_OPTION, SORT_OPTIONS, sortParam } from "../sort-options";

const ALL = "all";

/** All Games' category select (hidden on /games/featured, D50) and sort select (D52), in a chunk of their own. */
export function GameFilterSelects({ filters, categories }: { filters: GameListFilters; categories: ReadonlyArray<{ slug: string; name: string }> | null }) {
  return (
    <>
      {categories === null ? null : (
        <Select value={filters.category || ALL} onValueChange={(v) => filters.update({ category: v === ALL ? null : v })}>
          <SelectTrigger aria-label="Category" className="sm:w-52">
            <SelectValue placeholder="All Categories" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All Categories</SelectItem>
            {categories.map((c) => (
              <SelectItem key={c.slug} value={c.slug}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
      <Select value={filters.sort} onValueChange={(v) => filters.update({ sort: sortParam(v, !!filters.search) })}>
        <SelectTrigger aria-label="Sort by" className="sm:w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {(filters.search ? [RELEVANCE_OPTION, ...SORT_OPTIONS] : SORT_OPTIONS).map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </>
  );
}
