import type { Ref } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { RELEVANCE_OPTION, SORT_OPTIONS, sortParam } from "../sort-options";
import type { GameListFilters } from "../use-game-list-filters";
import { ALL_CATEGORIES, type CategoryChoice } from "./game-filter-choices";

/** All Games' category select (D50), loaded at its first use (game-filters.tsx). */
export function CategorySelect({
  filters,
  categories,
  triggerRef,
}: {
  filters: GameListFilters;
  categories: ReadonlyArray<CategoryChoice>;
  triggerRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Select
      value={filters.category || ALL_CATEGORIES}
      onValueChange={(v) => filters.update({ category: v === ALL_CATEGORIES ? null : v })}
    >
      <SelectTrigger aria-label="Category" className="sm:w-52" ref={triggerRef}>
        <SelectValue placeholder="All Categories" />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL_CATEGORIES}>All Categories</SelectItem>
        {categories.map((c) => (
          <SelectItem key={c.slug} value={c.slug}>
            {c.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** All Games' sort select (D52), loaded at its first use (game-filters.tsx). */
export function SortSelect({ filters, triggerRef }: { filters: GameListFilters; triggerRef?: Ref<HTMLButtonElement> }) {
  return (
    <Select value={filters.sort} onValueChange={(v) => filters.update({ sort: sortParam(v, !!filters.search) })}>
      <SelectTrigger aria-label="Sort by" className="sm:w-44" ref={triggerRef}>
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
  );
}
