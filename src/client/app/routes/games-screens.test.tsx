import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeGame } from "@test/client-fixtures";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderApp,
  setUpScreenTests,
  signedOut,
  type MockRoute,
} from "@test/render-app";

const base: MockRoute[] = [
  signedOut,
  noContent,
  [
    "GET",
    "/api/categories",
    () => jsonResponse([{ id: 1, name: "Action", slug: "action", description: "", imageUrl: "", gameCount: 30 }]),
  ],
];

setUpScreenTests();

describe("All Games (spec §2, D52)", () => {
  it("reads search, category and sort from the URL and asks the API with them", async () => {
    const fetch = mockApi([
      ...base,
      ["GET", "/api/games", () => jsonResponse([makeGame(1)], { headers: { "X-Total-Count": "1" } })],
    ]);
    renderApp("/games?search=snake&category=action&sort=popular");
    expect(await screen.findByRole("link", { name: "Game 1" })).toHaveAttribute("href", "/game/1");
    expect(screen.getByRole("heading", { level: 1, name: "All Games" })).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Search games...")).toHaveValue("snake");
    const url = new URL(String(fetch.mock.calls.find(([u]) => String(u).startsWith("/api/games"))?.[0]), "http://x");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      search: "snake",
      category: "action",
      sort: "popular",
    });
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveTextContent("Most Popular");
    expect(screen.getByText("1 game")).toBeInTheDocument();
  });

  it("says a search found more than its total when the total is capped (ADR 026)", async () => {
    mockApi([
      ...base,
      [
        "GET",
        "/api/games",
        () => jsonResponse([makeGame(1)], { headers: { "X-Total-Count": "1000", "X-Total-Count-Capped": "true" } }),
      ],
    ]);
    renderApp("/games?search=puzzle");
    expect(await screen.findByText("1000+ games")).toBeInTheDocument();
  });

  it("a search without a chosen order asks for the best matches first ('Best Match'); Newest is then written in the URL (issue 12 item 3)", async () => {
    const fetch = mockApi([
      ...base,
      ["GET", "/api/games", () => jsonResponse([makeGame(1)], { headers: { "X-Total-Count": "1" } })],
    ]);
    const { location } = renderApp("/games?search=astroid");
    await screen.findByRole("link", { name: "Game 1" });
    const asked = () =>
      new URL(String(fetch.mock.calls.filter(([u]) => String(u).startsWith("/api/games")).at(-1)?.[0]), "http://x")
        .searchParams;
    expect(asked().get("search")).toBe("astroid");
    expect(asked().has("sort")).toBe(false);
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveTextContent("Best Match");
    fireEvent.click(screen.getByRole("combobox", { name: "Sort by" }));
    fireEvent.click(await screen.findByRole("option", { name: "Newest" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/games?search=astroid&sort=newest"));
    await waitFor(() => expect(asked().get("sort")).toBe("newest"));
  });

  it("without a search there is no 'Best Match' and Newest is the default", async () => {
    const fetch = mockApi([
      ...base,
      ["GET", "/api/games", () => jsonResponse([makeGame(1)], { headers: { "X-Total-Count": "1" } })],
    ]);
    renderApp("/games");
    await screen.findByRole("link", { name: "Game 1" });
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveTextContent("Newest");
    const url = new URL(String(fetch.mock.calls.find(([u]) => String(u).startsWith("/api/games"))?.[0]), "http://x");
    expect(url.searchParams.get("sort")).toBe("newest");
    fireEvent.click(screen.getByRole("combobox", { name: "Sort by" }));
    expect(await screen.findByRole("option", { name: "Newest" })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: "Best Match" })).not.toBeInTheDocument();
  });

  it("shows 10 placeholders while loading", async () => {
    mockApi([...base, ["GET", "/api/games", () => new Promise<Response>(() => {})]]);
    renderApp("/games");
    expect(await screen.findAllByTestId("game-card-skeleton")).toHaveLength(10);
  });

  it("empty: texts and a Clear filters button that resets the URL", async () => {
    mockApi([...base, ["GET", "/api/games", () => jsonResponse([], { headers: { "X-Total-Count": "0" } })]]);
    const { location } = renderApp("/games?search=zzz&sort=rating");
    expect(await screen.findByText("No games found")).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your search or filter criteria")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/games"));
    expect(screen.getByPlaceholderText("Search games...")).toHaveValue("");
  });

  it("typing in the search box updates the URL", async () => {
    mockApi([...base, ["GET", "/api/games", () => jsonResponse([], { headers: { "X-Total-Count": "0" } })]]);
    const { location } = renderApp("/games");
    fireEvent.change(screen.getByPlaceholderText("Search games..."), { target: { value: "neon" } });
    await waitFor(() => expect(location.history?.at(-1)).toBe("/games?search=neon"));
  });

  it("/games/featured asks for featured games under the heading 'Featured Games' (D50)", async () => {
    const fetch = mockApi([
      ...base,
      [
        "GET",
        "/api/games",
        () => jsonResponse([makeGame(2, { isFeatured: true, featured: true })], { headers: { "X-Total-Count": "1" } }),
      ],
    ]);
    renderApp("/games/featured");
    expect(await screen.findByRole("heading", { level: 1, name: "Featured Games" })).toBeInTheDocument();
    await screen.findByRole("link", { name: "Game 2" });
    const url = new URL(String(fetch.mock.calls.find(([u]) => String(u).startsWith("/api/games"))?.[0]), "http://x");
    expect(url.searchParams.get("category")).toBe("featured");
  });
});

describe("Category page (spec §2)", () => {
  const thirty = Array.from({ length: 30 }, (_, i) => makeGame(i + 1));

  /** GET /api/games?category&sort&limit&offset answered from `all`, with the whole count in X-Total-Count. */
  const pages = (all: ReturnType<typeof makeGame>[]): MockRoute => [
    "GET",
    "/api/games",
    ({ url }) => {
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const limit = Number(url.searchParams.get("limit") ?? 24);
      return jsonResponse(all.slice(offset, offset + limit), { headers: { "X-Total-Count": String(all.length) } });
    },
  ];

  it("shows 'N games', 12 at first, and 'Load More Games' asks the server for 12 more while more remain (issue 12 item 2)", async () => {
    const fetch = mockApi([
      ...base,
      [
        "GET",
        "/api/categories/action",
        () =>
          jsonResponse({ id: 1, name: "Action", slug: "action", description: "Fast.", imageUrl: "", gameCount: 30 }),
      ],
      pages(thirty),
    ]);
    renderApp("/category/action");
    expect(await screen.findByRole("heading", { level: 1, name: "Action" })).toBeInTheDocument();
    expect(await screen.findByText("30 games")).toBeInTheDocument();
    const grid = () => screen.getByRole("list", { name: "Action" });
    expect(within(grid()).getAllByRole("listitem")).toHaveLength(12);
    const asked = () =>
      fetch.mock.calls
        .map(([u]) => new URL(String(u), "http://x"))
        .filter((u) => u.pathname === "/api/games")
        .map((u) => Object.fromEntries(u.searchParams));
    expect(asked()).toEqual([{ category: "action", sort: "newest", limit: "12", offset: "0" }]);
    fireEvent.click(screen.getByRole("button", { name: "Load More Games" }));
    await waitFor(() => expect(within(grid()).getAllByRole("listitem")).toHaveLength(24));
    expect(asked().at(-1)).toEqual({ category: "action", sort: "newest", limit: "12", offset: "12" });
    fireEvent.click(screen.getByRole("button", { name: "Load More Games" }));
    await waitFor(() => expect(within(grid()).getAllByRole("listitem")).toHaveLength(30));
    expect(screen.queryByRole("button", { name: "Load More Games" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "List view" }));
    expect(screen.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  });

  it("titles the pseudo-categories and shows 'No Games Found' when empty", async () => {
    mockApi([...base, pages([])]);
    renderApp("/category/hot");
    expect(await screen.findByRole("heading", { level: 1, name: "Hot Games" })).toBeInTheDocument();
    expect(await screen.findByText("No Games Found")).toBeInTheDocument();
    expect(screen.getByText("0 games")).toBeInTheDocument();
  });

  it("shows 12 placeholders while loading", async () => {
    mockApi([...base, ["GET", "/api/games", () => new Promise<Response>(() => {})]]);
    renderApp("/category/new");
    expect(await screen.findAllByTestId("game-card-skeleton")).toHaveLength(12);
  });
});

describe("Game detail", () => {
  it("unknown id: 'Game Not Found' with the spec's text", async () => {
    mockApi([...base, ["GET", "/api/games/77", () => jsonResponse({ message: "Game not found" }, { status: 404 })]]);
    renderApp("/game/77");
    expect(await screen.findByRole("heading", { name: "Game Not Found" })).toBeInTheDocument();
    expect(screen.getByText("Sorry, we couldn't find the game you're looking for.")).toBeInTheDocument();
  });
});
