import type { Game } from "@contract/games";

/** A game as the API answers it (GET /api/games…): an Action game with no plays or rating, and `extra` over it. */
export function makeGame(id: number, extra: Partial<Game> = {}): Game {
  return {
    id,
    title: `Game ${id}`,
    description: "A game.",
    imageUrl: `/uploads/${id}.webp`,
    categoryId: 1,
    category: "Action",
    categorySlug: "action",
    externalUrl: null,
    developer: "Unknown",
    instructions: "Use your mouse or touchscreen to play.",
    isFeatured: false,
    featured: false,
    new: false,
    hot: false,
    plays: 0,
    rating: 0,
    releaseDate: null,
    createdAt: "2025-05-15T00:00:00.000Z",
    frameUrl: `http://127.0.0.1:5001/game-frame/${id}/`,
    difficulty: null,
    scoreRules: { order: "desc", format: "points", maxScore: null, minRoundMs: null },
    ...extra,
  };
}
