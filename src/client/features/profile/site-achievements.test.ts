import { describe, expect, it } from "vitest";
import { ACHIEVEMENTS } from "@contract/achievements";
import { achievementSummary } from "./site-achievements";

const unlocked = new Set(["first_score", "first_victory", "game_explorer", "champion"]);

describe("achievementSummary (D25)", () => {
  it("counts the unlocked achievements: 'N/10 achievements unlocked'", () => {
    const achievements = ACHIEVEMENTS.map((a) => ({
      ...a,
      unlockedAt: unlocked.has(a.id) ? "2025-05-13T09:00:00.000Z" : null,
    }));
    expect(achievementSummary(achievements).text).toBe("4/10 achievements unlocked");
    expect(achievementSummary(ACHIEVEMENTS.map((a) => ({ ...a, unlockedAt: null }))).text).toBe(
      "0/10 achievements unlocked",
    );
    expect(achievementSummary(ACHIEVEMENTS.map((a) => ({ ...a, unlockedAt: "2025-01-01T00:00:00.000Z" }))).text).toBe(
      "10/10 achievements unlocked",
    );
  });
});
