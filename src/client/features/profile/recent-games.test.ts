import { describe, expect, it } from "vitest";
import { recentGames } from "./recent-games";

const games = [
  { title: "Lane Racer", lastPlayedAt: "2025-05-10T10:00:00.000Z" },
  { title: "Reversi", lastPlayedAt: "2025-05-14T10:00:00.000Z" },
  { title: "Hoop Shot", lastPlayedAt: "2025-05-12T10:00:00.000Z" },
];

describe("recentGames (D25)", () => {
  it("orders by last played, newest first", () => {
    expect(recentGames(games).map((g) => g.title)).toEqual(["Reversi", "Hoop Shot", "Lane Racer"]);
  });
});
