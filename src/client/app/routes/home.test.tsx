import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Game } from "@contract/games";
import { makeGame as makeAnyGame } from "@test/client-fixtures";
import { FakeIntersectionObserver } from "@test/intersection-observer";
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

/** Home (spec §2). */

/** The games of this file have no cover image. */
function makeGame(id: number, extra: Partial<Game> = {}): Game {
  return makeAnyGame(id, { imageUrl: "", ...extra });
}

/** 25 games: 1–12 Action, 13–25 Puzzle; 1–3 new; 4–15 hot (12 hot). */
const GAMES = Array.from({ length: 25 }, (_, i) => {
  const id = i + 1;
  return makeGame(id, {
    category: id <= 12 ? "Action" : "Puzzle",
    categorySlug: id <= 12 ? "action" : "puzzle",
    new: id <= 3,
    hot: id >= 4 && id <= 15,
  });
});

const entry = (rank: number, id: number, username: string) => ({
  rank,
  user: { id, username, avatarUrl: null, createdAt: "2025-01-01T00:00:00.000Z" },
  totalScore: 10_000 - rank * 1000,
  gamesPlayed: 10 + rank,
  winRate: 50 + rank,
});

const never = () => new Promise<Response>(() => {});

/** D83: the tiles are collections with their real counts (one empty). */
const COLLECTIONS = [
  {
    id: 1,
    slug: "modern-games",
    title: "Modern Games",
    description: "Polished.",
    imageUrl: "/experiences/modern-games.svg",
    sortOrder: 1,
    gameCount: 4,
  },
  {
    id: 2,
    slug: "retro-arcade",
    title: "Retro Arcade",
    description: "Classics.",
    imageUrl: "/experiences/retro-arcade.svg",
    sortOrder: 2,
    gameCount: 1,
  },
  {
    id: 3,
    slug: "mobile-favorites",
    title: "Mobile Favorites",
    description: "Touch.",
    imageUrl: "",
    sortOrder: 3,
    gameCount: 0,
  },
  {
    id: 4,
    slug: "multiplayer-arena",
    title: "Multiplayer Arena",
    description: "",
    imageUrl: "",
    sortOrder: 4,
    gameCount: 12,
  },
];

function routes(
  overrides: Partial<
    Record<"featured" | "games" | "categories" | "leaderboard" | "chat" | "collections", MockRoute[2]>
  > = {},
): MockRoute[] {
  return [
    signedOut,
    noContent,
    [
      "GET",
      "/api/categories",
      overrides.categories ??
        (() =>
          jsonResponse([
            { id: 1, name: "Action", slug: "action", description: "", imageUrl: "", gameCount: 12 },
            { id: 2, name: "Puzzle", slug: "puzzle", description: "", imageUrl: "", gameCount: 13 },
          ])),
    ],
    [
      "GET",
      "/api/games/featured",
      overrides.featured ??
        (() => jsonResponse(GAMES.slice(0, 6).map((g) => ({ ...g, isFeatured: true, featured: true })))),
    ],
    [
      "GET",
      "/api/games",
      overrides.games ?? (() => jsonResponse(GAMES, { headers: { "X-Total-Count": String(GAMES.length) } })),
    ],
    [
      "GET",
      "/api/leaderboard",
      overrides.leaderboard ??
        (() =>
          jsonResponse([
            entry(1, 11, "GlitchGuru"),
            entry(2, 6, "LunaLoop"),
            entry(3, 4, "RetroRacer"),
            entry(4, 3, "QuantumQuest"),
            entry(5, 10, "CosmicKat"),
          ])),
    ],
    ["GET", "/api/chat", overrides.chat ?? (() => jsonResponse([]))],
    ["GET", "/api/collections", overrides.collections ?? (() => jsonResponse(COLLECTIONS))],
  ];
}

/** The chat widget opens a WebSocket: a silent stand-in that never connects. */
class SilentWebSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  readyState = 0;
  send() {}
  close() {}
}

setUpScreenTests();
beforeEach(() => {
  vi.stubGlobal("WebSocket", SilentWebSocket);
});

const gameLinks = () => within(screen.getByRole("list", { name: "Games" })).getAllByRole("listitem");

describe("Home games grid (spec §4: 10 shown, +10, reset on filter change)", () => {
  it("'Load More Games' adds 10 and shows only while more are hidden", async () => {
    mockApi(routes());
    renderApp("/");
    await screen.findByRole("list", { name: "Games" });
    expect(gameLinks()).toHaveLength(10);
    fireEvent.click(screen.getByRole("button", { name: "Load More Games" }));
    expect(gameLinks()).toHaveLength(20);
    fireEvent.click(screen.getByRole("button", { name: "Load More Games" }));
    expect(gameLinks()).toHaveLength(25);
    expect(screen.queryByRole("button", { name: "Load More Games" })).not.toBeInTheDocument();
  });

  it("filters by New, Hot and category name, and a filter change resets the count to 10", async () => {
    mockApi(routes());
    renderApp("/");
    await screen.findByRole("list", { name: "Games" });
    const filters = screen.getByRole("group", { name: "Filter games" });
    fireEvent.click(screen.getByRole("button", { name: "Load More Games" }));
    expect(gameLinks()).toHaveLength(20);

    fireEvent.click(within(filters).getByRole("button", { name: "Hot" }));
    expect(within(filters).getByRole("button", { name: "Hot" })).toHaveAttribute("aria-pressed", "true");
    expect(gameLinks()).toHaveLength(10); // 12 hot games, reset to 10
    fireEvent.click(screen.getByRole("button", { name: "Load More Games" }));
    expect(gameLinks()).toHaveLength(12);
    expect(screen.queryByRole("button", { name: "Load More Games" })).not.toBeInTheDocument();

    fireEvent.click(within(filters).getByRole("button", { name: "New" }));
    expect(gameLinks()).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Load More Games" })).not.toBeInTheDocument();

    fireEvent.click(within(filters).getByRole("button", { name: "Puzzle" }));
    expect(gameLinks()).toHaveLength(10);
    expect(
      within(screen.getByRole("list", { name: "Games" })).getByRole("link", { name: "Game 13" }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("list", { name: "Games" })).queryByRole("link", { name: "Game 1" }),
    ).not.toBeInTheDocument();

    fireEvent.click(within(filters).getByRole("button", { name: "All" }));
    expect(gameLinks()).toHaveLength(10);
    expect(screen.getByRole("button", { name: "Load More Games" })).toBeInTheDocument();
  });
});

describe("Featured carousel (spec §4, §9)", () => {
  it("scrolls 340 px per click; the left button is disabled at position 0", async () => {
    mockApi(routes());
    renderApp("/");
    const carousel = await screen.findByTestId("featured-carousel");
    const scrollBy = vi.fn();
    carousel.scrollBy = scrollBy as unknown as typeof carousel.scrollBy;
    const left = screen.getByRole("button", { name: "Scroll left" });
    const right = screen.getByRole("button", { name: "Scroll right" });
    expect(left).toBeDisabled();

    // jsdom has no layout: give the list a width so that it can scroll.
    Object.defineProperty(carousel, "scrollWidth", { configurable: true, value: 2000 });
    Object.defineProperty(carousel, "clientWidth", { configurable: true, value: 375 });
    fireEvent.scroll(carousel);
    expect(right).toBeEnabled();

    fireEvent.click(right);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 340, behavior: "smooth" });

    carousel.scrollLeft = 340;
    fireEvent.scroll(carousel);
    expect(left).toBeEnabled();
    fireEvent.click(left);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -340, behavior: "smooth" });

    carousel.scrollLeft = 0;
    fireEvent.scroll(carousel);
    expect(left).toBeDisabled();

    carousel.scrollLeft = 2000 - 375;
    fireEvent.scroll(carousel);
    expect(right).toBeDisabled();
  });

  it("cuts descriptions to 60 characters plus '...'", async () => {
    const long = "x".repeat(59) + "yz and more";
    mockApi(routes({ featured: () => jsonResponse([makeGame(1, { description: long, isFeatured: true })]) }));
    renderApp("/");
    expect(await screen.findByText(`${"x".repeat(59)}y...`)).toBeInTheDocument();
  });

  it("shows 'Failed to load featured games' when the call fails", async () => {
    mockApi(routes({ featured: () => jsonResponse({ message: "boom" }, { status: 500 }) }));
    renderApp("/");
    expect(await screen.findByText("Failed to load featured games")).toBeInTheDocument();
  });

  it("shows 'No featured games available' for an empty list", async () => {
    mockApi(routes({ featured: () => jsonResponse([]) }));
    renderApp("/");
    expect(await screen.findByText("No featured games available")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Scroll right" })).toBeDisabled();
  });
});

describe("Home loading states (spec §4 skeleton counts 4, 5, 10, 5, 5)", () => {
  it("shows 4 featured cards, 5 category chips, 10 game cards, 5 leaderboard rows and 5 chat rows", async () => {
    mockApi(routes({ featured: never, categories: never, games: never, leaderboard: never, chat: never }));
    renderApp("/");
    expect(await screen.findAllByTestId("featured-skeleton")).toHaveLength(4);
    expect(screen.getAllByTestId("category-skeleton")).toHaveLength(5);
    expect(screen.getAllByTestId("game-card-skeleton")).toHaveLength(10);
    expect(screen.getAllByTestId("leaderboard-skeleton")).toHaveLength(5);
    expect(screen.getAllByTestId("chat-skeleton")).toHaveLength(5);
  });
});

describe("Home chat (D73: loaded when it comes near the viewport)", () => {
  it("asks for the chat's messages and opens its live connection only once the chat comes near", async () => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const sockets = vi.fn();
    vi.stubGlobal(
      "WebSocket",
      class extends SilentWebSocket {
        constructor() {
          super();
          sockets();
        }
      },
    );
    const fetch = mockApi(routes());
    renderApp("/");
    await screen.findAllByTestId("top-player-row");
    expect(screen.getAllByTestId("chat-skeleton")).toHaveLength(5);
    expect(fetch.mock.calls.map(([u]) => String(u))).not.toContain("/api/chat");
    expect(sockets).not.toHaveBeenCalled();

    const chat = screen.getByRole("log", { name: "Chat messages" });
    for (const observer of FakeIntersectionObserver.live())
      if (observer.observed.some((el) => el.contains(chat))) observer.comeNear();
    expect(await screen.findByText("No messages yet. Say hello!")).toBeInTheDocument();
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain("/api/chat");
    expect(sockets).toHaveBeenCalledTimes(1);
  });
});

describe("Home static block and widgets", () => {
  it("D83: 'All Your Favorite Gaming Experiences' shows one tile per collection with its real count, each a link to its page", async () => {
    mockApi(routes());
    renderApp("/");
    const section = (await screen.findByRole("heading", { name: "All Your Favorite Gaming Experiences" })).closest(
      "section",
    )!;
    const tiles = await within(section).findAllByTestId("experience-tile");
    expect(
      tiles.map((t) => [within(t).getByRole("heading").textContent, t.textContent?.match(/(\d+) games?/)?.[0]]),
    ).toEqual([
      ["Modern Games", "4 games"],
      ["Retro Arcade", "1 game"],
      ["Mobile Favorites", "0 games"],
      ["Multiplayer Arena", "12 games"],
    ]);
    expect(tiles.map((t) => within(t).getByRole("link").getAttribute("href"))).toEqual([
      "/collection/modern-games",
      "/collection/retro-arcade",
      "/collection/mobile-favorites",
      "/collection/multiplayer-arena",
    ]);
    expect(section.textContent).not.toMatch(/250|180|320|150/);
  });

  it("D83: skeleton tiles while the collections load; no block when there is no collection", async () => {
    mockApi(routes({ collections: never }));
    const { unmount } = renderApp("/");
    await screen.findByRole("heading", { name: "All Your Favorite Gaming Experiences" });
    expect(screen.getAllByTestId("experience-skeleton")).toHaveLength(4);
    unmount();
    mockApi(routes({ collections: () => jsonResponse([]) }));
    renderApp("/");
    await screen.findByRole("heading", { name: "Popular Games" });
    await waitFor(() => expect(screen.queryByTestId("experience-skeleton")).toBeNull());
    expect(screen.queryByRole("heading", { name: "All Your Favorite Gaming Experiences" })).toBeNull();
  });

  it("'Top Players This Week' reads the weekly board (D24) and links each player to the profile", async () => {
    const fetch = mockApi(routes());
    renderApp("/");
    const rows = await screen.findAllByTestId("top-player-row");
    expect(rows).toHaveLength(5);
    expect(within(rows[0]).getByRole("link", { name: "GlitchGuru" })).toHaveAttribute("href", "/profile/11");
    expect(rows[0]).toHaveTextContent("9,000");
    expect(rows[0]).toHaveTextContent("11 games");
    expect(rows[0]).toHaveTextContent("51% win rate");
    const call = fetch.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith("/api/leaderboard"))!;
    expect(Object.fromEntries(new URL(call, "http://x").searchParams)).toEqual({ period: "week", limit: "5" });
    expect(screen.getByRole("link", { name: /View Full Leaderboard/ })).toHaveAttribute("href", "/leaderboard");
  });

  const openFriendsTab = async () => {
    await screen.findAllByTestId("top-player-row");
    const tab = screen.getByRole("tab", { name: "Friends" });
    fireEvent.mouseDown(tab);
    fireEvent.keyDown(tab, { key: "Enter" });
    fireEvent.click(tab);
    await waitFor(() => expect(tab).toHaveAttribute("aria-selected", "true"));
  };
  const friendsCalls = (fetch: ReturnType<typeof mockApi>) =>
    fetch.mock.calls
      .map(([u]) => new URL(String(u), "http://x"))
      .filter((u) => u.pathname === "/api/leaderboard" && u.searchParams.get("scope") === "friends");
  const friendsBoard = (answer: unknown[]): MockRoute => [
    "GET",
    "/api/leaderboard",
    ({ url }) =>
      url.searchParams.get("scope") === "friends" ? jsonResponse(answer) : jsonResponse([entry(1, 11, "GlitchGuru")]),
  ];

  it("Friends tab signed out (D84): asks to sign in, asks the server nothing, shows no invented players", async () => {
    const fetch = mockApi(routes());
    renderApp("/");
    await openFriendsTab();
    expect(await screen.findByText("Sign in to see how you rank against your friends")).toBeInTheDocument();
    expect(within(screen.getByTestId("friends-board-notice")).getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/api/auth/login",
    );
    expect(screen.queryAllByTestId("top-player-row")).toHaveLength(0);
    expect(friendsCalls(fetch)).toHaveLength(0);
  });

  it("Friends tab with no friends on the board (D84): 'Add friends to compare scores' → /friends", async () => {
    mockApi([signedInAs({ id: 7, username: "Solo" }), friendsBoard([entry(1, 7, "Solo")]), ...routes()]);
    renderApp("/");
    await openFriendsTab();
    expect(await screen.findByText("Add friends to compare scores")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Find Friends" })).toHaveAttribute("href", "/friends");
    // my own row stays, nobody else's
    expect(screen.getAllByTestId("top-player-row").map((r) => within(r).getByRole("link").textContent)).toEqual([
      "Solo",
    ]);
  });

  it("Friends tab with friends (D84): the weekly friends board from scope=friends, ranked among friends", async () => {
    const fetch = mockApi([
      signedInAs({ id: 7, username: "Me" }),
      friendsBoard([entry(1, 8, "Pal"), entry(2, 7, "Me")]),
      ...routes(),
    ]);
    renderApp("/");
    await openFriendsTab();
    await waitFor(() =>
      expect(screen.getAllByTestId("top-player-row").map((r) => within(r).getByRole("link").textContent)).toEqual([
        "Pal",
        "Me",
      ]),
    );
    expect(Object.fromEntries(friendsCalls(fetch)[0].searchParams)).toEqual({
      period: "week",
      limit: "5",
      scope: "friends",
    });
    expect(screen.queryByText("Add friends to compare scores")).not.toBeInTheDocument();
  });

  it("the closing banner offers 'Sign Up - It's Free!' (→ /login?tab=register) and 'Browse Games'", async () => {
    mockApi(routes());
    renderApp("/");
    const banner = (await screen.findByRole("heading", { name: "Ready to join the fun?" })).closest("section")!;
    expect(within(banner).getByRole("link", { name: "Sign Up - It's Free!" })).toHaveAttribute(
      "href",
      "/login?tab=register",
    );
    expect(within(banner).getByRole("link", { name: "Browse Games" })).toHaveAttribute("href", "/games");
  });
});
