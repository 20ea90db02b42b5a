/**
 * Query-key factories: every variable a fetcher uses is part of its key,
 * and mutations invalidate by these prefixes.
 */
export type GameListParams = {
  search?: string;
  /** a category slug, or the pseudo-slugs new, hot, featured */
  category?: string;
  sort?: "newest" | "popular" | "rating";
  limit?: number;
};

export const gameKeys = {
  all: ["games"] as const,
  lists: () => [...gameKeys.all, "list"] as const,
  list: (params: GameListParams) => [...gameKeys.lists(), params] as const,
  featured: () => [...gameKeys.all, "featured"] as const,
  details: () => [...gameKeys.all, "detail"] as const,
  detail: (id: number) => [...gameKeys.details(), id] as const,
};

export const categoryKeys = {
  all: ["categories"] as const,
  list: () => [...categoryKeys.all, "list"] as const,
  detail: (slug: string) => [...categoryKeys.all, "detail", slug] as const,
};

/** D83: collections (the home page's tiles) and their games. */
export const collectionKeys = {
  all: ["collections"] as const,
  list: () => [...collectionKeys.all, "list"] as const,
  detail: (slug: string) => [...collectionKeys.all, "detail", slug] as const,
  games: (slug: string, limit: number) => [...collectionKeys.all, "games", slug, { limit }] as const,
};

export const contentKeys = {
  all: ["content"] as const,
};

export const authKeys = {
  all: ["auth"] as const,
  user: () => [...authKeys.all, "user"] as const,
};

/** D86: the signed-in player's own lists (client-only, never in a server-rendered page), per player. */
export const myGamesKeys = {
  all: ["my-games"] as const,
  favoriteIds: (userId: number) => [...myGamesKeys.all, userId, "favorite-ids"] as const,
  lists: (userId: number) => [...myGamesKeys.all, userId, "lists"] as const,
};
