import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { GameAchievement } from "@contract/game-achievements";
import { makeGame } from "@test/client-fixtures";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderApp,
  setUpScreenTests,
  signedInAs,
  signedOut,
  type MockRoute,
} from "@test/render-app";

/** D78 on the game page: the game's achievements with their share, the player's own marked. */

const game = makeGame(5, { title: "Neon Drift" });
const achievements: GameAchievement[] = [
  { key: "first_win", title: "First Win", description: "Win once.", iconUrl: null, hidden: false, players: 67 },
  { key: "secret", title: "Hidden achievement", description: "", iconUrl: null, hidden: true, players: 5 },
  {
    key: "score_1000",
    title: "Big Score",
    description: "Score 1,000.",
    iconUrl: "http://127.0.0.1:5001/game-frame/5/icons/big.svg",
    hidden: false,
    players: 0,
  },
];

function routes(user: MockRoute, extra: MockRoute[] = []): MockRoute[] {
  return [
    user,
    noContent,
    ...extra,
    ["GET", "/api/games/5", () => jsonResponse(game)],
    ["GET", "/api/games/5/achievements", () => jsonResponse(achievements)],
    ["GET", "/api/scores/game/5", () => jsonResponse([])],
    ["GET", "/api/games", () => jsonResponse([], { headers: { "X-Total-Count": "0" } })],
  ];
}

setUpScreenTests();

describe("Game page achievements (D78)", () => {
  it("lists each achievement with its share of players; a signed-out visitor asks for no own unlocks", async () => {
    const fetch = mockApi(routes(signedOut));
    renderApp("/game/5");
    const section = await screen.findByRole("region", { name: "Achievements" });
    const items = within(section).getAllByTestId("game-achievement");
    expect(items.map((li) => li.querySelector("p")?.textContent)).toEqual([
      "First Win",
      "Hidden achievement",
      "Big Score",
    ]);
    expect(items.map((li) => li.querySelector("[data-field=players]")?.textContent)).toEqual([
      "67% of players",
      "5% of players",
      "0% of players",
    ]);
    expect(within(items[0]).getByText("Win once.")).toBeInTheDocument();
    expect(items[2].querySelector("img")).toHaveAttribute("src", "http://127.0.0.1:5001/game-frame/5/icons/big.svg");
    expect(items.every((li) => li.dataset.unlocked === "false")).toBe(true);
    expect(within(section).queryByText("Unlocked")).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes("/achievements/mine"))).toBe(false);
  });

  it("marks the signed-in player's own achievements from /achievements/mine", async () => {
    mockApi(
      routes(signedInAs({ id: 3, username: "PixelPioneer" }), [
        [
          "GET",
          "/api/games/5/achievements/mine",
          () => jsonResponse({ unlocked: [{ key: "secret", unlockedAt: "2025-05-10T10:00:00.000Z" }] }),
        ],
      ]),
    );
    renderApp("/game/5");
    const section = await screen.findByRole("region", { name: "Achievements" });
    await waitFor(() =>
      expect(within(section).getByTestId("game-achievements-count")).toHaveTextContent("1/3 unlocked"),
    );
    const items = within(section).getAllByTestId("game-achievement");
    expect(items.map((li) => li.dataset.unlocked)).toEqual(["false", "true", "false"]);
    expect(within(items[1]).getByText("Unlocked")).toBeInTheDocument();
  });

  it("shows no section for a game without achievements", async () => {
    mockApi([["GET", "/api/games/5/achievements", () => jsonResponse([])], ...routes(signedOut)]);
    renderApp("/game/5");
    expect(await screen.findByRole("heading", { level: 1, name: "Neon Drift" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId("game-achievements-skeleton")).toBeNull());
    expect(screen.queryByRole("region", { name: "Achievements" })).toBeNull();
  });
});
