import type { UserStats } from "@contract/users";

export type Achievement = UserStats["achievements"][number];

/**
 * D25: 'N/10 achievements unlocked', counted from the achievements the API returns
 * (never a fixed number as in the spec's placeholder).
 */
export function achievementSummary(achievements: readonly Achievement[]): { unlocked: number; total: number; text: string } {
  const unlocked = achievements.filter((a) => a.unlockedAt !== null).length;
  const total = achievements.length;
  return { unlocked, total, text: `${unlocked}/${total} achievements unlocked` };
}

/** Recent Games: most recently played first (real lastPlayedAt, D25). */
export function recentGames<T extends { lastPlayedAt: string }>(games: readonly T[], limit = 10): T[] {
  return [...games].sort((a, b) => Date.parse(b.lastPlayedAt) - Date.parse(a.lastPlayedAt)).slice(0, limit);
}
