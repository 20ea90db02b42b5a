import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ACHIEVEMENTS } from "@contract/achievements";
import type { UserGameAchievement } from "@contract/game-achievements";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderApp,
  setUpScreenTests,
  signedOut,
  type MockRoute,
} from "@test/render-app";

/** D78 on profiles: the games' achievements the user unlocked, beside the site's ten. */

const profile = {
  id: 7,
  username: "turbotiger",
  avatarUrl: null,
  createdAt: "2025-05-15T12:00:00.000Z",
  rank: null,
  totalScore: 0,
  gamesPlayed: 0,
  winRate: 0,
};
const stats = {
  games: [],
  categories: [],
  achievements: ACHIEVEMENTS.map((a) => ({ ...a, unlockedAt: null })),
  unlockedCount: 0,
  totalAchievements: 10,
};
const unlocked: UserGameAchievement[] = [
  {
    gameId: 4,
    gameTitle: "Brick Breaker",
    key: "all_levels",
    title: "Brick Master",
    description: "",
    iconUrl: null,
    unlockedAt: "2025-05-14T10:00:00.000Z",
  },
  {
    gameId: 9,
    gameTitle: "Mine Sweeper",
    key: "first_clear",
    title: "Safe and Sound",
    description: "",
    iconUrl: null,
    unlockedAt: "2025-05-02T10:00:00.000Z",
  },
];

function routes(list: UserGameAchievement[]): MockRoute[] {
  return [
    signedOut,
    noContent,
    ["GET", "/api/users/7", () => jsonResponse(profile)],
    ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
    ["GET", "/api/users/7/game-achievements", () => jsonResponse(list)],
  ];
}

async function openAchievements() {
  const tab = await screen.findByRole("tab", { name: "Achievements" });
  fireEvent.mouseDown(tab);
  fireEvent.click(tab);
  await waitFor(() => expect(tab).toHaveAttribute("aria-selected", "true"));
}

setUpScreenTests();

describe("Profile game achievements (D78)", () => {
  it("lists game, achievement and date under the site's ten", async () => {
    mockApi(routes(unlocked));
    renderApp("/profile/7");
    await openAchievements();
    const list = await screen.findByRole("list", { name: "Game achievements" });
    const rows = within(list).getAllByTestId("game-achievement");
    expect(
      rows.map((r) => [
        r.querySelector("[data-field=title]")?.textContent,
        r.querySelector("[data-field=game]")?.textContent,
        r.querySelector("[data-field=date]")?.textContent,
      ]),
    ).toEqual([
      ["Brick Master", "Brick Breaker", "May 14, 2025"],
      ["Safe and Sound", "Mine Sweeper", "May 2, 2025"],
    ]);
    expect(within(rows[0]).getByRole("link", { name: "Brick Breaker" })).toHaveAttribute("href", "/game/4");
    // the site's ten are still there
    expect(screen.getAllByTestId("achievement")).toHaveLength(10);
  });

  it("says so when none are unlocked", async () => {
    mockApi(routes([]));
    renderApp("/profile/7");
    await openAchievements();
    expect(await screen.findByTestId("game-achievements-empty")).toHaveTextContent(
      "No game achievements unlocked yet.",
    );
    expect(screen.queryByRole("list", { name: "Game achievements" })).toBeNull();
  });
});
