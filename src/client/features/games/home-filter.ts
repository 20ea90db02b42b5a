import type { Game } from "@contract/games";

/** A filter of the home page's games (spec §4): All, New, Hot or a category by name. */
export type HomeFilter = { kind: "all" } | { kind: "new" } | { kind: "hot" } | { kind: "category"; name: string };

export function matchesHomeFilter(filter: HomeFilter, game: Game): boolean {
  switch (filter.kind) {
    case "all":
      return true;
    case "new":
      return game.new;
    case "hot":
      return game.hot;
    case "category":
      return game.category === filter.name;
  }
}

export function homeFilterLabel(f: HomeFilter): string {
  return f.kind === "category" ? f.name : f.kind === "all" ? "All" : f.kind === "new" ? "New" : "Hot";
}
