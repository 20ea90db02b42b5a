import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
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

/** /leaderboard (spec §2). */

const entry = (rank: number, username = `Player${rank}`) => ({
  rank,
  user: { id: 100 + rank, username, avatarUrl: null, createdAt: "2025-05-15T12:00:00.000Z" },
  totalScore: 100_000 - rank * 1000,
  gamesPlayed: rank * 2,
  winRate: rank * 3,
});
const BOARD = Array.from({ length: 12 }, (_, i) => entry(i + 1));

function routes(board: (url: URL) => Response | Promise<Response>, extra: MockRoute[] = []): MockRoute[] {
  return [noContent, ["GET", "/api/leaderboard", ({ url }) => board(url)], ...extra];
}

setUpScreenTests();
afterEach(() => {
  vi.useRealTimers();
});

describe("Leaderboard screen", () => {
  it("renders the table from the API: rank, player link with 'Member since', score, games, win rate; trophies for the top 3", async () => {
    mockApi(routes(() => jsonResponse(BOARD), [signedOut]));
    renderApp("/leaderboard");
    const rows = await screen.findAllByTestId("leaderboard-row");
    expect(rows).toHaveLength(12);
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Rank", "Player", "Total Score", "Games", "Win Rate"]);
    const first = rows[0];
    expect(within(first).getByRole("link", { name: "Player1" })).toHaveAttribute("href", "/profile/101");
    expect(first).toHaveTextContent("Member since May 15, 2025");
    expect(first).toHaveTextContent("99,000");
    expect(first).toHaveTextContent("3%");
    expect(rows.slice(0, 3).every((r) => within(r).queryByTestId("trophy-badge"))).toBe(true);
    expect(rows.slice(3).some((r) => within(r).queryByTestId("trophy-badge"))).toBe(false);
    expect(document.title).toBe("Leaderboard - Arcadium");
  });

  it("'Rising Stars' shows the last 5 entries, reversed", async () => {
    mockApi(routes(() => jsonResponse(BOARD), [signedOut]));
    renderApp("/leaderboard");
    const stars = await screen.findAllByTestId("rising-star");
    expect(stars.map((s) => within(s).getByRole("link").textContent)).toEqual([
      "Player12",
      "Player11",
      "Player10",
      "Player9",
      "Player8",
    ]);
  });

  it("signed out, 'Your Ranking' says 'Sign in to see your rank' with a 'Sign In' button", async () => {
    mockApi(routes(() => jsonResponse(BOARD), [signedOut]));
    renderApp("/leaderboard");
    const card = (await screen.findByText("Sign in to see your rank")).closest("div.rounded-xl")! as HTMLElement;
    expect(within(card).getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/api/auth/login?returnTo=%2Fleaderboard",
    );
  });

  it("signed in, 'Your Ranking' shows the real rank from /api/users/{me}", async () => {
    mockApi(
      routes(
        () => jsonResponse(BOARD),
        [
          signedInAs({ id: 104, username: "Player4" }),
          [
            "GET",
            "/api/users/104",
            () => jsonResponse({ ...entry(4).user, rank: 4, totalScore: 96_000, gamesPlayed: 8, winRate: 12 }),
          ],
        ],
      ),
    );
    renderApp("/leaderboard");
    expect(await screen.findByTestId("my-rank")).toHaveTextContent("Rank #4");
    expect(screen.queryByText("Sign in to see your rank")).not.toBeInTheDocument();
  });

  it("searches on the server after the typing settles, and shows 'No Players Found' for no match", async () => {
    const fetch = mockApi(routes((url) => jsonResponse(url.searchParams.get("search") ? [] : BOARD), [signedOut]));
    renderApp("/leaderboard");
    await screen.findAllByTestId("leaderboard-row");
    fireEvent.change(screen.getByPlaceholderText("Search players..."), { target: { value: "zz" } });
    fireEvent.change(screen.getByPlaceholderText("Search players..."), { target: { value: "zzz" } });
    expect(await screen.findByText("No Players Found")).toBeInTheDocument();
    const searches = fetch.mock.calls
      .map(([u]) => new URL(String(u), "http://x"))
      .filter((u) => u.pathname === "/api/leaderboard" && u.searchParams.has("search"));
    // debounced: one request, for the final text
    expect(searches.map((u) => u.searchParams.get("search"))).toEqual(["zzz"]);
    // Rising Stars keeps reading the whole board
    expect(screen.getAllByTestId("rising-star")).toHaveLength(5);
  });

  const openFriendsOnly = async () => {
    await screen.findAllByTestId("leaderboard-row");
    const tab = screen.getByRole("tab", { name: "Friends Only" });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    await waitFor(() => expect(tab).toHaveAttribute("aria-selected", "true"));
  };
  const byScope = (friends: unknown[]) => (url: URL) =>
    jsonResponse(url.searchParams.get("scope") === "friends" ? friends : BOARD);
  const profile: MockRoute = [
    "GET",
    /^\/api\/users\/\d+$/,
    () => jsonResponse({ message: "Not found" }, { status: 404 }),
  ];

  it("'Friends Only' signed out (D84): asks to sign in (back to /leaderboard), no friends request", async () => {
    const fetch = mockApi(routes(byScope([]), [signedOut]));
    renderApp("/leaderboard");
    await openFriendsOnly();
    expect(await screen.findByText("Sign in to see how you rank against your friends")).toBeInTheDocument();
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/api/auth/login?returnTo=%2Fleaderboard",
    );
    expect(within(panel).queryAllByTestId("leaderboard-row")).toHaveLength(0);
    expect(fetch.mock.calls.some(([u]) => String(u).includes("scope=friends"))).toBe(false);
  });

  it("'Friends Only' without friends (D84): 'Add friends to compare scores' → /friends", async () => {
    mockApi(routes(byScope([]), [signedInAs({ id: 7, username: "Solo" }), profile]));
    renderApp("/leaderboard");
    await openFriendsOnly();
    expect(await screen.findByText("Add friends to compare scores")).toBeInTheDocument();
    expect(within(screen.getByRole("tabpanel")).getByRole("link", { name: "Find Friends" })).toHaveAttribute(
      "href",
      "/friends",
    );
    expect(within(screen.getByRole("tabpanel")).queryAllByTestId("leaderboard-row")).toHaveLength(0);
  });

  it("'Friends Only' with friends (D84): the scope=friends board, ranked among friends; a search asks it too", async () => {
    const fetch = mockApi(
      routes(byScope([entry(1, "Pal"), entry(2, "Me")]), [signedInAs({ id: 102, username: "Me" }), profile]),
    );
    renderApp("/leaderboard");
    await openFriendsOnly();
    await waitFor(() =>
      expect(
        within(screen.getByRole("tabpanel"))
          .getAllByTestId("leaderboard-row")
          .map((r) => within(r).getAllByRole("link")[0].textContent),
      ).toEqual(["Pal", "Me"]),
    );
    expect(screen.queryByText("Add friends to compare scores")).not.toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText("Search players..."), { target: { value: "pal" } });
    await waitFor(() =>
      expect(
        fetch.mock.calls
          .map(([u]) => new URL(String(u), "http://x"))
          .some((u) => u.searchParams.get("scope") === "friends" && u.searchParams.get("search") === "pal"),
      ).toBe(true),
    );
  });

  // D91: the open season (4) and an archived one (3).
  const SEASONS = [
    { id: 4, number: 4, startsAt: "2026-11-23T00:00:00.000Z", endsAt: "2026-11-30T00:00:00.000Z", current: true },
    { id: 3, number: 3, startsAt: "2026-11-16T00:00:00.000Z", endsAt: "2026-11-23T00:00:00.000Z", current: false },
  ];
  const seasons: MockRoute = ["GET", "/api/seasons", () => jsonResponse(SEASONS)];
  const asked = (fetch: ReturnType<typeof mockApi>) =>
    fetch.mock.calls.map(([u]) => new URL(String(u), "http://x")).filter((u) => u.pathname === "/api/leaderboard");
  const rankOf = (row: HTMLElement) => within(row).getByText(/^\d+$/, { selector: "[data-field=rank]" }).textContent;

  it("around me (D92): outside the top rows, a '…' then the rows around me with their true ranks; my row marked 'You' (aria-current)", async () => {
    const around = [58, 59, 60, 61, 62].map((r) => entry(r, r === 60 ? "Me" : undefined));
    const fetch = mockApi(
      routes(
        (url) => jsonResponse(url.searchParams.get("around") === "me" ? around : BOARD),
        [seasons, signedInAs({ id: 160, username: "Me" }), profile],
      ),
    );
    renderApp("/leaderboard");
    await waitFor(() => expect(screen.getAllByTestId("leaderboard-row")).toHaveLength(17));
    const rows = screen.getAllByTestId("leaderboard-row");
    expect(rows.map(rankOf)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
      "10",
      "11",
      "12",
      "58",
      "59",
      "60",
      "61",
      "62",
    ]);
    expect(screen.getByTestId("board-gap")).toBeInTheDocument();
    const mine = rows.filter((r) => r.getAttribute("aria-current") === "true");
    expect(mine).toHaveLength(1);
    expect(within(mine[0]).getByRole("link", { name: "Me" })).toHaveAttribute("href", "/profile/160");
    expect(within(mine[0]).getByTestId("you-badge")).toHaveTextContent("You");
    // the all-time board: no period, no season
    const aroundAsk = asked(fetch).find((u) => u.searchParams.get("around") === "me")!;
    expect(aroundAsk.searchParams.has("period") || aroundAsk.searchParams.has("season")).toBe(false);
  });

  it("around me (D92): my row among the top rows is marked there, and nothing more is asked", async () => {
    const fetch = mockApi(
      routes(() => jsonResponse(BOARD), [seasons, signedInAs({ id: 105, username: "Player5" }), profile]),
    );
    renderApp("/leaderboard");
    await screen.findAllByTestId("leaderboard-row");
    const rows = screen.getAllByTestId("leaderboard-row");
    await waitFor(() => expect(rows[4]).toHaveAttribute("aria-current", "true"));
    expect(rows.filter((r) => r.getAttribute("aria-current"))).toHaveLength(1);
    expect(screen.queryByTestId("board-gap")).not.toBeInTheDocument();
    expect(asked(fetch).some((u) => u.searchParams.has("around"))).toBe(false);
  });

  it("around me on 'Friends Only' this week (D84, D92): asked with scope=friends and period=week", async () => {
    const friends = [entry(1, "Pal"), ...Array.from({ length: 10 }, (_, i) => entry(i + 2))];
    const around = [entry(15), entry(16, "Me")];
    const fetch = mockApi(
      routes(
        (url) =>
          jsonResponse(
            url.searchParams.get("around") === "me"
              ? around
              : url.searchParams.get("scope") === "friends"
                ? friends
                : BOARD,
          ),
        [seasons, signedInAs({ id: 116, username: "Me" }), profile],
      ),
    );
    renderApp("/leaderboard?period=week");
    await openFriendsOnly();
    const panel = screen.getByRole("tabpanel");
    await waitFor(() => expect(within(panel).getAllByTestId("leaderboard-row")).toHaveLength(13));
    expect(within(panel).getAllByTestId("leaderboard-row").at(-1)).toHaveAttribute("aria-current", "true");
    const aroundAsk = asked(fetch).filter(
      (u) => u.searchParams.get("around") === "me" && u.searchParams.get("scope") === "friends",
    );
    expect(aroundAsk.length).toBeGreaterThan(0);
    expect(aroundAsk[0].searchParams.get("period")).toBe("week");
  });

  it("This Week (D91): the open season's board, with its label as a caption", async () => {
    const fetch = mockApi(routes(() => jsonResponse(BOARD), [seasons, signedOut]));
    renderApp("/leaderboard");
    await screen.findAllByTestId("leaderboard-row");
    expect(screen.getByRole("link", { name: "All Time" })).toHaveAttribute("aria-current", "page");
    fireEvent.click(screen.getByRole("link", { name: "This Week" }));
    expect(await screen.findByTestId("season-caption")).toHaveTextContent("Current season: Season 4 · 23–29 Nov");
    expect(screen.getByRole("link", { name: "This Week" })).toHaveAttribute("aria-current", "page");
    await waitFor(() => expect(asked(fetch).some((u) => u.searchParams.get("period") === "week")).toBe(true));
  });

  it("an archived season (D91): opened from its link (?season=3) or the picker; the final standings, named by its label", async () => {
    const fetch = mockApi(
      routes(
        (url) => jsonResponse(url.searchParams.get("season") === "3" ? [entry(1, "Champion")] : BOARD),
        [seasons, signedOut],
      ),
    );
    renderApp("/leaderboard?season=3");
    expect(await screen.findByTestId("season-caption")).toHaveTextContent("Final standings of Season 3 · 16–22 Nov");
    await waitFor(() =>
      expect(
        screen.getAllByTestId("leaderboard-row").map((r) => within(r).getAllByRole("link")[0].textContent),
      ).toEqual(["Champion"]),
    );
    const picker = screen.getByRole("combobox", { name: "Past seasons" });
    expect(picker).toHaveValue("3");
    expect(
      within(picker)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Past seasons", "Season 3 · 16–22 Nov"]);
    expect(screen.getByRole("link", { name: "All Time" })).not.toHaveAttribute("aria-current");
    // back to all time, then the picker opens it again
    fireEvent.click(screen.getByRole("link", { name: "All Time" }));
    await waitFor(() => expect(screen.getAllByTestId("leaderboard-row")).toHaveLength(12));
    expect(screen.queryByTestId("season-caption")).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole("combobox", { name: "Past seasons" }), { target: { value: "3" } });
    expect(await screen.findByTestId("season-caption")).toHaveTextContent("Final standings of Season 3 · 16–22 Nov");
    // the season's board (from the cache: it was read on opening)
    await waitFor(() => expect(screen.getAllByTestId("leaderboard-row")).toHaveLength(1));
    expect(asked(fetch).every((u) => u.searchParams.get("season") === "3" || !u.searchParams.has("season"))).toBe(true);
  });

  it("empty board: 'No Players Found'", async () => {
    mockApi(routes(() => jsonResponse([]), [signedOut]));
    renderApp("/leaderboard");
    expect(await screen.findByText("No Players Found")).toBeInTheDocument();
  });

  it("shows skeleton rows while loading", async () => {
    mockApi(routes(() => new Promise<Response>(() => {}), [signedOut]));
    renderApp("/leaderboard");
    expect(await screen.findAllByTestId("leaderboard-skeleton")).toHaveLength(10);
    expect(screen.getAllByTestId("rising-star-skeleton")).toHaveLength(5);
  });
});
