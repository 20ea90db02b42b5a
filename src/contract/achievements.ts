/** D25: the ten achievements, unlocked by real events. Shared by server (rules) and client (display). */
export const ACHIEVEMENTS = [
  { id: "first_score", title: "First Steps", description: "Submit your first score." },
  { id: "first_victory", title: "First Victory", description: "Win a game for the first time." },
  { id: "hat_trick", title: "Hat Trick", description: "Win three games in a row." },
  { id: "game_explorer", title: "Game Explorer", description: "Set a score in 5 different games." },
  { id: "all_rounder", title: "All-Rounder", description: "Set a score in every category." },
  { id: "high_roller", title: "High Roller", description: "Score 10,000 points or more in one game." },
  { id: "dedicated_player", title: "Dedicated Player", description: "Submit 50 scores." },
  { id: "champion", title: "Champion", description: "Hold the #1 score on any game." },
  { id: "rising_star", title: "Rising Star", description: "Reach the weekly top 10." },
  { id: "critic", title: "Critic", description: "Review a game." },
] as const;

export type AchievementId = (typeof ACHIEVEMENTS)[number]["id"];
export const ACHIEVEMENT_COUNT = ACHIEVEMENTS.length;
