import { useEffect, useState } from "react";
import { useSearchParams } from "wouter";
import { isGameSort, type GameSort } from "@contract/games-constants";

const SEARCH_DEBOUNCE_MS = 300;

export type GameListFilters = ReturnType<typeof useGameListFilters>;

/**
 * All Games' search, category and sort, kept in the URL (D52). The search box's text (`input`)
 * reaches the URL after a short pause; a change of the URL from outside (header search, back
 * button) shows in the box.
 */
export function useGameListFilters() {
  const [params, setParams] = useSearchParams();
  const search = (params.get("search") ?? "").trim();
  const category = params.get("category") ?? "";
  const sortParam = params.get("sort");
  // A search without a chosen order lists the best matches first.
  const sort: GameSort | "relevance" = isGameSort(sortParam) ? sortParam : search ? "relevance" : "newest";

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
    // `update` is a new function on every render: depending on it would restart the pause on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the pause restarts only when the text or the URL changes
  }, [input, search]);

  function clear() {
    setInput("");
    setParams(new URLSearchParams(), { replace: true });
  }

  return { search, category, sort, input, setInput, update, clear };
}
