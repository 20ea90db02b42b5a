import { RELEVANCE_OPTION, SORT_OPTIONS } from "../sort-options";
import type { GameListFilters } from "../use-game-list-filters";

export type CategoryChoice = { slug: string; name: string };

/** The category select's value for "every category" (no `category` in the URL). */
export const ALL_CATEGORIES = "all";

/** What the category select shows for the current filters (as its own trigger does once loaded). */
export function categoryLabel(filters: GameListFilters, categories: ReadonlyArray<CategoryChoice>): string {
  if (!filters.category) return "All Categories";
  return categories.find((c) => c.slug === filters.category)?.name ?? "";
}

/** What the sort select shows for the current filters. */
export function sortLabel(filters: GameListFilters): string {
  return [RELEVANCE_OPTION, ...SORT_OPTIONS].find((o) => o.value === filters.sort)?.label ?? "";
}
