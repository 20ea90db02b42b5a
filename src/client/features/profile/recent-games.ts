/** Recent Games: most recently played first (real lastPlayedAt, D25). */
export function recentGames<T extends { lastPlayedAt: string }>(games: readonly T[], limit = 10): T[] {
  return [...games].sort((a, b) => Date.parse(b.lastPlayedAt) - Date.parse(a.lastPlayedAt)).slice(0, limit);
}
