import { Search } from "lucide-react";
import { useId } from "react";
import type { GameSort } from "@contract/games";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { GameListFilters } from "../use-game-list-filters";

const ALL = "all";

export const SORT_OPTIONS: { value: GameSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "popular", label: "Most Popular" },
  { value: "rating", label: "Highest Rated" },
];
/** Issue 12 item 3: offered (and the default) while a search term is given. */
export const RELEVANCE_OPTION = { value: "relevance", label: "Best Match" } as const;

/**
 * The URL's `sort` for a choice: none for the default (Best Match while searching, else Newest), so
 * that the address stays short; Newest is written out while searching, where it is not the default.
 */
export function sortParam(choice: string, searching: boolean): string | null {
  if (choice === RELEVANCE_OPTION.value) return null;
  if (choice === "newest" && !searching) return null;
  return choice;
}

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
    </div>
  );
}
