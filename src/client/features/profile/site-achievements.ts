import type { UserStats } from "@contract/users";

/** One of the site's ten achievements (contract/achievements.ts), as a player's stats carry it; a game's own are game-achievements. */
export type SiteAchievement = UserStats["achievements"][number];

/**
 * D25: 'N/10 achievements unlocked', counted from the achievements the API returns
 * (never a fixed number as in the spec's placeholder).
 */
export function achievementSummary(achievements: readonly SiteAchievement[]): {
  unlocked: number;
  total: number;
  text: string;
} {
  const unlocked = achievements.filter((a) => a.unlockedAt !== null).length;
  const total = achievements.length;
  return { unlocked, total, text: `${unlocked}/${total} achievements unlocked` };
}
