import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import type { MyGame } from "@contract/my-games";
import { makeGame } from "@test/client-fixtures";
import { jsonResponse, mockApi, noContent, renderApp, setUpScreenTests, signedInAs, signedOut } from "@test/render-app";

/** /me/games (D86): favourites and recently played, signed in only. */

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const myGame = (id: number, extra: Partial<MyGame> = {}): MyGame => ({
  ...makeGame(id, { title: `Game ${id}` }),
  lastPlayedAt: null,
  playtimeMs: null,
  ...extra,
});
const player = signedInAs({ id: 3, username: "PixelPioneer" });

setUpScreenTests();
beforeEach(() => resetToasts());

describe("My Games screen (D86)", () => {
  it("lists favourites as cards with filled hearts and recent games with when and how long", async () => {
    mockApi([
      player,
      noContent,
      ["GET", "/api/favorites/ids", () => jsonResponse({ ids: [1, 2] })],
      [
        "GET",
        "/api/me/games",
        () =>
          jsonResponse({
            favorites: [
              myGame(1, { title: "Neon Drift" }),
              myGame(2, { title: "Brick Breaker", lastPlayedAt: minutesAgo(90), playtimeMs: 65 * 60_000 }),
            ],
            recent: [
              myGame(2, { title: "Brick Breaker", lastPlayedAt: minutesAgo(90), playtimeMs: 65 * 60_000 }),
              myGame(5, { title: "Lane Racer", lastPlayedAt: minutesAgo(3 * 24 * 60), playtimeMs: 30_000 }),
              myGame(6, { title: "Reversi", lastPlayedAt: minutesAgo(10), playtimeMs: 0 }),
            ],
          }),
      ],
    ]);
    renderApp("/me/games");
    expect(await screen.findByRole("heading", { level: 1, name: "My Games" })).toBeInTheDocument();
    const favourites = await screen.findByRole("list", { name: "Favourites" });
    expect(
      within(favourites)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Neon Drift", "Brick Breaker"]);
    await waitFor(() =>
      expect(within(favourites).getByRole("button", { name: "Remove Neon Drift from favourites" })).toHaveAttribute(
        "aria-pressed",
        "true",
      ),
    );

    const recent = screen.getByRole("list", { name: "Recently Played" });
    const rows = within(recent).getAllByRole("listitem");
    expect(rows.map((r) => within(r).getByRole("heading").textContent)).toEqual([
      "Brick Breaker",
      "Lane Racer",
      "Reversi",
    ]);
    expect(rows[0]).toHaveTextContent("Last played 1 hour ago");
    expect(rows[0]).toHaveTextContent("Playtime 1 h 5 min");
    expect(rows[1]).toHaveTextContent("Last played 3 days ago");
    expect(rows[1]).toHaveTextContent("Playtime under a minute");
    expect(rows[2]).toHaveTextContent("Last played 10 minutes ago");
    expect(rows[2]).not.toHaveTextContent("Playtime");
    expect(within(rows[1]).getByRole("link", { name: "Lane Racer" })).toHaveAttribute("href", "/game/5");
    expect(within(rows[1]).getByRole("button", { name: "Add Lane Racer to favourites" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  it("shows empty states with a link to All Games", async () => {
    mockApi([
      player,
      noContent,
      ["GET", "/api/favorites/ids", () => jsonResponse({ ids: [] })],
      ["GET", "/api/me/games", () => jsonResponse({ favorites: [], recent: [] })],
    ]);
    const { location } = renderApp("/me/games");
    expect(await screen.findByRole("heading", { name: "No favourites yet" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Nothing played yet" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("link", { name: "Browse All Games" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/games"));
  });

  it("asks a signed-out visitor to sign in, and asks the API nothing", async () => {
    const fetch = mockApi([signedOut, noContent]);
    renderApp("/me/games");
    expect(await screen.findByRole("heading", { name: "Sign in to see your games" })).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/api/auth/login?returnTo=%2Fme%2Fgames",
    );
    expect(
      fetch.mock.calls.some(([url]) => String(url).startsWith("/api/me/") || String(url).startsWith("/api/favorites")),
    ).toBe(false);
  });

  it("removing a favourite here takes it off the list after the server has answered", async () => {
    let favorites = [myGame(1, { title: "Neon Drift" })];
    mockApi([
      player,
      noContent,
      ["GET", "/api/favorites/ids", () => jsonResponse({ ids: favorites.map((g) => g.id) })],
      ["GET", "/api/me/games", () => jsonResponse({ favorites, recent: [] })],
      [
        "DELETE",
        "/api/favorites/1",
        () => {
          favorites = [];
          return new Response(null, { status: 204 });
        },
      ],
    ]);
    renderApp("/me/games");
    const heart = await screen.findByRole("button", { name: "Remove Neon Drift from favourites" });
    fireEvent.click(heart);
    expect(await screen.findByRole("heading", { name: "No favourites yet" })).toBeInTheDocument();
    expect(await screen.findByText("Removed Neon Drift from favourites")).toBeInTheDocument();
  });
});
