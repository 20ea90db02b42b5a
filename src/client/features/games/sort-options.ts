import type { GameSort } from "@contract/games";

/** All Games' sort choices (D52). */
export const SORT_OPTIONS: { value: GameSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "popular", label: "Most Popular" },
  { value: "rating", label: "Highest Rated" },
];
/** Offered (and the default) while a search term is given. */
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
