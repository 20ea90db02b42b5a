import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { NumbersResponse } from "@contract/numbers-constants";
import { jsonResponse, mockApi, renderApp, setUpScreenTests } from "@test/render-app";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};

const GAME: NumbersResponse = {
  game: { id: 5, title: "Asteroid Drift" },
  days: [
    {
      day: "2026-12-06",
      live: false,
      impressions: 300,
      pageViews: 40,
      playStarts: 12,
      conversion: 0.3,
      firstGameplayP50: 900,
      firstGameplayP90: 2500,
      playtimePerSessionMs: 240_000,
      sessionsPerPlayer: 1.5,
      players: 6,
      newPlayers: 2,
      d1: null,
      d7: null,
      errors: 3,
      errorsPer1000: 250,
    },
  ],
  topErrors: [],
  onlineNow: null,
};

setUpScreenTests();

describe("CmsGameNumbersScreen (D134)", () => {
  it("shows one game's numbers, reached from the games list's address", async () => {
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      ["GET", "/api/numbers/games/5", () => jsonResponse(GAME)],
    ]);
    renderApp("/cms/games/5/numbers");
    expect(await screen.findByRole("heading", { level: 1, name: "Numbers: Asteroid Drift" })).toBeInTheDocument();
    const conversion = screen.getByText("Conversion to play (play starts per page view)").closest("figure")!;
    expect(within(conversion).getByText("30%")).toBeInTheDocument();
    const playtime = screen.getByText("Playtime per session (signed-in players)").closest("figure")!;
    expect(within(playtime).getByText("4 min")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Commonest errors" })).toHaveTextContent("No errors reported.");
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Games" })).toHaveAttribute("href", "/cms/games");
  });

  it("says why when the numbers are refused", async () => {
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      [
        "GET",
        "/api/numbers/games/6",
        () => jsonResponse({ message: "You cannot see this game's numbers" }, { status: 403 }),
      ],
    ]);
    renderApp("/cms/games/6/numbers");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to load the game's numbers: You cannot see this game's numbers",
    );
  });
});
