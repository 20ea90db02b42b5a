import type { QueryClient } from "@tanstack/react-query";

export const scoreKeys = {
  all: ["scores"] as const,
  games: () => [...scoreKeys.all, "game"] as const,
  game: (gameId: number) => [...scoreKeys.games(), gameId] as const,
  gameTop: (gameId: number, limit: number) => [...scoreKeys.game(gameId), { limit }] as const,
};

/**
 * Roots of the keys under which other screens cache what a new score changes: `leaderboardKeys.all`
 * (["leaderboard"], features/leaderboard: /leaderboard and the home "Top Players This Week") and
 * `userKeys.all` (["users"], features/profile: profile and its stats). Matching on the root keeps
 * this feature from importing theirs (features do not import each other).
 */
export const SCORE_DEPENDENT_KEY_ROOTS: readonly string[] = ["leaderboard", "users"];

/**
 * After a score is stored: refetch the game's scores now, and mark cached leaderboard and profile
 * data stale (refetched at once when on screen, else when next shown).
 */
export async function invalidateAfterScore(qc: QueryClient, gameId: number): Promise<void> {
  await Promise.all([
    qc.invalidateQueries({ queryKey: scoreKeys.game(gameId) }),
    qc.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === "string" && SCORE_DEPENDENT_KEY_ROOTS.includes(q.queryKey[0]),
    }),
  ]);
}
