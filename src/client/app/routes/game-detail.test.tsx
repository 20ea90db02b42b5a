import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import type { Game } from "@contract/games";
import { makeGame as makeAnyGame } from "@test/client-fixtures";
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

const GAMES_ORIGIN = "http://127.0.0.1:5001";

/** The games of this file are Puzzle games by Arcadium. */
function makeGame(id: number, extra: Partial<Game> = {}): Game {
  return makeAnyGame(id, {
    categoryId: 2,
    category: "Puzzle",
    categorySlug: "puzzle",
    developer: "Arcadium",
    ...extra,
  });
}

const game = makeGame(5, {
  title: "Neon Drift",
  description: "Drift through neon streets.",
  instructions: "Arrow keys steer, Space drifts.",
  new: true,
  hot: true,
  isFeatured: true,
  featured: true,
  plays: 1234,
  rating: 45,
  difficulty: "hard",
});
/** D83: GET /api/games/{id} carries the distinct players */
const detail = { ...game, totalPlayers: 321 };
const scores = [
  {
    id: 9,
    rank: 1,
    score: 4200,
    createdAt: "2025-05-10T10:00:00.000Z",
    user: { id: 3, username: "PixelPioneer", avatarUrl: null },
  },
  {
    id: 8,
    rank: 2,
    score: 3100,
    createdAt: "2025-05-11T10:00:00.000Z",
    user: { id: 4, username: "NovaBlitz", avatarUrl: null },
  },
];
const aggregate = {
  gameId: 5,
  rating: 45,
  average: 4.5,
  count: 2,
  distribution: { "1": 0, "2": 0, "3": 0, "4": 1, "5": 1 },
};

function routes(extra: MockRoute[] = [], user: MockRoute = signedOut): MockRoute[] {
  return [
    ...extra,
    user,
    noContent,
    ["GET", "/api/games/5", () => jsonResponse(detail)],
    ["GET", "/api/scores/game/5", () => jsonResponse(scores)],
    ["GET", "/api/games/5/reviews", () => jsonResponse([])],
    ["GET", /^\/api\/games\/5\/reviews\/user\/\d+$/, () => jsonResponse(null)],
    ["GET", "/api/games/5/rating", () => jsonResponse(aggregate)],
    [
      "GET",
      "/api/games",
      () => jsonResponse([makeGame(1), game, makeGame(2), makeGame(3)], { headers: { "X-Total-Count": "5" } }),
    ],
    ["POST", "/api/games/5/play", () => jsonResponse({ plays: 1235, playId: "play-1" })],
  ];
}

/** The tabs switch on mousedown (src/client/components/ui/tabs.tsx). */
function openTab(name: string) {
  const tab = screen.getByRole("tab", { name });
  fireEvent.mouseDown(tab, { button: 0 });
  expect(tab).toHaveAttribute("aria-selected", "true");
}

setUpScreenTests();
afterEach(() => {
  act(() => resetToasts());
});

describe("Game detail screen (spec §2, §4; D54, D83)", () => {
  it("D83: a game that says nothing about its difficulty is 'Not rated'; no player yet is 0", async () => {
    mockApi(routes([["GET", "/api/games/5", () => jsonResponse({ ...detail, difficulty: null, totalPlayers: 0 })]]));
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    expect(screen.getByTestId("difficulty")).toHaveTextContent(/^Not rated$/);
    expect(screen.getByTestId("total-players")).toHaveTextContent(/^0$/);
  });

  it("shows title, badges, stars, the About tab's numbers and Similar Games", async () => {
    mockApi(routes());
    renderApp("/game/5");
    expect(await screen.findByRole("heading", { level: 1, name: "Neon Drift" })).toBeInTheDocument();
    expect(document.title).toBe("Neon Drift - Arcadium");
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Puzzle" })).toHaveAttribute(
      "href",
      "/category/puzzle",
    );
    for (const flag of ["New", "Hot", "Featured"]) expect(screen.getAllByText(flag).length).toBeGreaterThan(0);
    const rating = screen.getByTestId("game-rating");
    expect(within(rating).getByRole("img", { name: "Rated 4.5 out of 5" })).toBeInTheDocument();
    expect(rating.querySelectorAll('[data-star="full"]')).toHaveLength(4);
    expect(rating.querySelectorAll('[data-star="half"]')).toHaveLength(1);

    expect(screen.getByText("Drift through neon streets.")).toBeInTheDocument();
    // D83: the real figures, not plays × 0.7 and 'Medium'
    expect(screen.getByTestId("total-players")).toHaveTextContent(/^321$/);
    expect(screen.getByTestId("difficulty")).toHaveTextContent(/^Hard$/);
    await waitFor(() => expect(screen.getByTestId("high-score")).toHaveTextContent("4,200"));

    const similar = await screen.findByRole("list", { name: "Similar games" });
    const links = within(similar).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/game/1", "/game/2", "/game/3"]);
    expect(screen.getByRole("link", { name: "View More" })).toHaveAttribute("href", "/category/puzzle");
  });

  it("How to Play shows the controls, tips and the game's instructions", async () => {
    mockApi(routes());
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    openTab("How to Play");
    expect(screen.getByRole("heading", { name: "Controls" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Tips" })).toBeInTheDocument();
    expect(screen.getByTestId("game-instructions")).toHaveTextContent("Arrow keys steer, Space drifts.");
  });

  it("Leaderboard lists Rank, Player (profile link), Score, Date; or the spec's empty text", async () => {
    mockApi(routes());
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    openTab("Leaderboard");
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Rank", "Player", "Score", "Date"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole("link", { name: /PixelPioneer/ })).toHaveAttribute("href", "/profile/3");
    expect(rows[0]).toHaveTextContent("1");
    expect(rows[0]).toHaveTextContent("4,200");
    expect(rows[0]).toHaveTextContent("May 10, 2025");
    expect(within(rows[0]).getByText("May 10, 2025").tagName).toBe("TIME");
  });

  it("Leaderboard: empty text; About: no High Score yet", async () => {
    mockApi(routes([["GET", "/api/scores/game/5", () => jsonResponse([])]]));
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    await waitFor(() => expect(screen.getByTestId("high-score")).toHaveTextContent("–"));
    openTab("Leaderboard");
    expect(
      await screen.findByText("No scores recorded yet. Be the first to play and set a high score!"),
    ).toBeInTheDocument();
  });

  it("D90: a game whose scores are times shows them as times under 'Time', its 'Best Time' and who holds it, in the server's order", async () => {
    const timed = { ...detail, scoreRules: { order: "asc", format: "time_ms", maxScore: null, minRoundMs: 3000 } };
    // lowest first, as GET /api/scores/game/{id} sends an "asc" game's board (not re-sorted here)
    const times = [
      { ...scores[1], rank: 1, score: 62_345 },
      { ...scores[0], rank: 2, score: 3_723_004 },
    ];
    mockApi(
      routes([
        ["GET", "/api/games/5", () => jsonResponse(timed)],
        ["GET", "/api/scores/game/5", () => jsonResponse(times)],
      ]),
    );
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    await waitFor(() => expect(screen.getByTestId("high-score")).toHaveTextContent(/^1:02\.345$/));
    expect(screen.getByText("Best Time")).toBeInTheDocument();
    expect(screen.queryByText("High Score")).toBeNull();
    expect(screen.getByText(/Best time held by/)).toHaveTextContent("Best time held by NovaBlitz");
    openTab("Leaderboard");
    const table = await screen.findByRole("table", { name: "Best times" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Rank", "Player", "Time", "Date"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[2].textContent)).toEqual(["1:02.345", "1:02:03.004"]);
    expect(rows[0]).toHaveTextContent("NovaBlitz");
  });

  const friendsScores = (answer: unknown[]): MockRoute => [
    "GET",
    "/api/scores/game/5",
    ({ url }) => jsonResponse(url.searchParams.get("scope") === "friends" ? answer : scores),
  ];
  const openFriends = async () => {
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    openTab("Leaderboard");
    await screen.findByRole("table");
    openTab("Friends");
  };

  it("Leaderboard › Friends signed out (D84): asks to sign in, no friends request", async () => {
    const fetch = mockApi(routes([friendsScores([])]));
    renderApp("/game/5");
    await openFriends();
    const notice = await screen.findByTestId("friends-board-notice");
    expect(notice).toHaveTextContent("Sign in to see how you rank against your friends");
    expect(within(notice).getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/api/auth/login?returnTo=%2Fgame%2F5",
    );
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("scope=friends"))).toBe(false);
  });

  it("Leaderboard › Friends alone (D84): my row and 'Add friends to compare scores' → /friends", async () => {
    mockApi(
      routes(
        [friendsScores([{ ...scores[1], user: { id: 7, username: "zed", avatarUrl: null } }])],
        signedInAs({ id: 7, username: "zed" }),
      ),
    );
    renderApp("/game/5");
    await openFriends();
    const notice = await screen.findByTestId("friends-board-notice");
    expect(notice).toHaveTextContent("Add friends to compare scores");
    expect(within(notice).getByRole("link", { name: "Find Friends" })).toHaveAttribute("href", "/friends");
    expect(
      within(screen.getByRole("table"))
        .getAllByRole("link")
        .map((l) => l.getAttribute("href")),
    ).toEqual(["/profile/7"]);
  });

  it("Leaderboard › Friends (D84): the scope=friends board, ranked among friends", async () => {
    const mine = [
      { ...scores[1], rank: 1 },
      { ...scores[0], rank: 2, score: 100, user: { id: 7, username: "zed", avatarUrl: null } },
    ];
    const fetch = mockApi(routes([friendsScores(mine)], signedInAs({ id: 7, username: "zed" })));
    renderApp("/game/5");
    await openFriends();
    await waitFor(() =>
      expect(
        within(screen.getByRole("table"))
          .getAllByRole("link")
          .map((l) => l.getAttribute("href")),
      ).toEqual(["/profile/4", "/profile/7"]),
    );
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    // D92: ranks are the server's (ranked among friends), and my row is marked
    expect(within(rows[1]).getByText("2")).toHaveAttribute("data-field", "rank");
    expect(rows[1]).toHaveAttribute("aria-current", "true");
    expect(within(rows[1]).getByTestId("you-badge")).toHaveTextContent("You");
    expect(rows[0]).not.toHaveAttribute("aria-current");
    expect(screen.queryByTestId("friends-board-notice")).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain("/api/scores/game/5?scope=friends&limit=10");
  });

  // D91: two seasons, the open one (4) and an archived one (3).
  const SEASONS = [
    { id: 4, number: 4, startsAt: "2026-11-23T00:00:00.000Z", endsAt: "2026-11-30T00:00:00.000Z", current: true },
    { id: 3, number: 3, startsAt: "2026-11-16T00:00:00.000Z", endsAt: "2026-11-23T00:00:00.000Z", current: false },
  ];
  const seasonsRoute: MockRoute = ["GET", "/api/seasons", () => jsonResponse(SEASONS)];
  const row = (rank: number, userId = 100 + rank) => ({
    id: 1000 + rank,
    rank,
    score: 10_000 - rank,
    createdAt: "2025-05-10T10:00:00.000Z",
    user: { id: userId, username: `P${rank}`, avatarUrl: null },
  });
  const TOP10 = Array.from({ length: 10 }, (_, i) => row(i + 1));

  it("Leaderboard (D92): outside the top 10, my row follows a '…' with the rows around me, their ranks the server's, mine marked 'You'", async () => {
    const around = [21, 22, 23, 24, 25].map((r) => row(r, r === 23 ? 7 : 100 + r));
    const fetch = mockApi(
      routes(
        [
          seasonsRoute,
          [
            "GET",
            "/api/scores/game/5",
            ({ url }) => jsonResponse(url.searchParams.get("around") === "me" ? around : TOP10),
          ],
        ],
        signedInAs({ id: 7, username: "zed" }),
      ),
    );
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    openTab("Leaderboard");
    await waitFor(() => expect(screen.getAllByTestId("score-row")).toHaveLength(15));
    const rows = screen.getAllByTestId("score-row");
    expect(rows.map((r) => within(r).getByText(/^\d+$/, { selector: "[data-field=rank]" }).textContent)).toEqual([
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
      "21",
      "22",
      "23",
      "24",
      "25",
    ]);
    expect(screen.getByTestId("board-gap")).toBeInTheDocument();
    const mine = rows.filter((r) => r.getAttribute("aria-current") === "true");
    expect(mine).toHaveLength(1);
    expect(within(mine[0]).getByRole("link")).toHaveAttribute("href", "/profile/7");
    expect(mine[0]).toHaveTextContent("23");
    expect(within(mine[0]).getByTestId("you-badge")).toBeInTheDocument();
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain("/api/scores/game/5?around=me");
  });

  it("Leaderboard (D92): in the top 10, my row is marked there and nothing is asked around me", async () => {
    const top = TOP10.map((r) => (r.rank === 4 ? { ...r, user: { ...r.user, id: 7, username: "zed" } } : r));
    const fetch = mockApi(
      routes(
        [seasonsRoute, ["GET", "/api/scores/game/5", () => jsonResponse(top)]],
        signedInAs({ id: 7, username: "zed" }),
      ),
    );
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    openTab("Leaderboard");
    await waitFor(() => expect(screen.getAllByTestId("score-row")).toHaveLength(10));
    expect(screen.getAllByTestId("score-row")[3]).toHaveAttribute("aria-current", "true");
    expect(screen.queryByTestId("board-gap")).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("around=me"))).toBe(false);
  });

  it("Leaderboard (D91): the season choice asks this season's or a past season's board and names it", async () => {
    const fetch = mockApi(
      routes([
        seasonsRoute,
        [
          "GET",
          "/api/scores/game/5",
          ({ url }) => jsonResponse(url.searchParams.get("season") === "3" ? [row(1, 42)] : scores),
        ],
      ]),
    );
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    openTab("Leaderboard");
    await screen.findByRole("table");
    const select = screen.getByRole("combobox", { name: "Season" });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["All time", "This season", "Season 3 · 16–22 Nov"]),
    );
    fireEvent.change(select, { target: { value: "4" } });
    expect(await screen.findByTestId("game-season-caption")).toHaveTextContent("Season 4 · 23–29 Nov");
    await waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => String(u))).toContain("/api/scores/game/5?season=4&limit=10"),
    );
    fireEvent.change(select, { target: { value: "3" } });
    expect(await screen.findByTestId("game-season-caption")).toHaveTextContent(
      "Final standings of Season 3 · 16–22 Nov",
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole("table"))
          .getAllByRole("link")
          .map((l) => l.getAttribute("href")),
      ).toEqual(["/profile/42"]),
    );
  });

  it("Reviews: a visitor sees 'Please log in to write a review'", async () => {
    mockApi(routes());
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    openTab("Reviews");
    expect(await screen.findByText("Please log in to write a review")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
  });

  it("D114: a signed-in player reports the game as not loading", async () => {
    const fetch = mockApi(
      routes(
        [["POST", "/api/reports", () => jsonResponse({ id: 1, message: "sent" }, { status: 201 })]],
        signedInAs({ id: 7, username: "zed" }),
      ),
    );
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    fireEvent.click(await screen.findByRole("button", { name: "Report it" }));
    const dialog = await screen.findByRole("dialog", { name: "Report game" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls
          .filter(([u, init]) => String(u) === "/api/reports" && init?.method === "POST")
          .map(([, init]) => JSON.parse(String(init?.body))),
      ).toEqual([{ kind: "game", targetId: 5, reason: "doesnt_load" }]),
    );
  });

  it("D114: a visitor is not offered to report the game", async () => {
    mockApi(routes());
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    expect(screen.queryByText("Game not loading?")).not.toBeInTheDocument();
  });
});

describe("Game detail: scores from the game (D22, D23)", () => {
  async function play() {
    renderApp("/game/5");
    await screen.findByRole("heading", { level: 1, name: "Neon Drift" });
    fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
    return (await screen.findByTitle("Neon Drift")) as HTMLIFrameElement;
  }
  function post(
    frame: HTMLIFrameElement | null,
    data: unknown,
    origin = GAMES_ORIGIN,
    source: MessageEventSource | null = frame?.contentWindow ?? null,
  ) {
    act(() => {
      window.dispatchEvent(new MessageEvent("message", { data, origin, source }));
    });
  }
  const scoreMsg = (score: number, won: boolean | null = true) => ({
    v: 1,
    type: "score.submit",
    payload: { score, won },
  });
  const scorePosts = (fetch: ReturnType<typeof mockApi>) =>
    fetch.mock.calls.filter(([u, init]) => String(u) === "/api/scores" && init?.method === "POST");

  it("signed in: a valid score is posted once with the play id; toast 'New personal best!'; scores refetched", async () => {
    const fetch = mockApi(
      routes(
        [["POST", "/api/scores", () => jsonResponse({ score: 5000, personalBest: true, rank: 1 }, { status: 201 })]],
        signedInAs({ id: 7, username: "zed" }),
      ),
    );
    const frame = await play();
    const scoreReadsBefore = fetch.mock.calls.filter(([u]) => String(u).startsWith("/api/scores/game/5")).length;
    post(frame, scoreMsg(5000)); // valid
    post(frame, scoreMsg(99), "http://evil.example"); // wrong origin
    post(frame, scoreMsg(99), GAMES_ORIGIN, window); // wrong source
    post(frame, { v: 1, type: "score.submit", payload: { score: -3 } }); // bad envelope
    expect(await screen.findByText("New personal best!")).toBeInTheDocument();
    expect(screen.getByText("5,000 points — you are #1 on this game.")).toBeInTheDocument();
    const posts = scorePosts(fetch);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0][1]?.body))).toEqual({ playId: "play-1", score: 5000, won: true });
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([u]) => String(u).startsWith("/api/scores/game/5")).length).toBeGreaterThan(
        scoreReadsBefore,
      ),
    );
  });

  it("signed in, not a best: toast with the rank; won null is left out", async () => {
    const fetch = mockApi(
      routes(
        [["POST", "/api/scores", () => jsonResponse({ score: 10, personalBest: false, rank: 4 }, { status: 201 })]],
        signedInAs({ id: 7, username: "zed" }),
      ),
    );
    const frame = await play();
    post(frame, scoreMsg(10, null));
    expect(await screen.findByText("Score saved — you are #4 on this game")).toBeInTheDocument();
    expect(JSON.parse(String(scorePosts(fetch)[0][1]?.body))).toEqual({ playId: "play-1", score: 10 });
  });

  it("signed in, a first score of 0: saved with its rank, not celebrated as a personal best", async () => {
    mockApi(
      routes(
        [["POST", "/api/scores", () => jsonResponse({ score: 0, personalBest: true, rank: 9 }, { status: 201 })]],
        signedInAs({ id: 7, username: "zed" }),
      ),
    );
    const frame = await play();
    post(frame, scoreMsg(0, false));
    expect(await screen.findByText("Score saved — you are #9 on this game")).toBeInTheDocument();
    expect(screen.queryByText("New personal best!")).toBeNull();
  });

  it("D90: a time is toasted as a time (a personal best, a saved score)", async () => {
    const timed = { ...detail, scoreRules: { order: "asc", format: "time_ms", maxScore: null, minRoundMs: null } };
    let best = true;
    mockApi(
      routes(
        [
          ["GET", "/api/games/5", () => jsonResponse(timed)],
          ["POST", "/api/scores", () => jsonResponse({ score: 62_345, personalBest: best, rank: 2 }, { status: 201 })],
        ],
        signedInAs({ id: 7, username: "zed" }),
      ),
    );
    const frame = await play();
    post(frame, scoreMsg(62_345, null));
    expect(await screen.findByText("1:02.345 — you are #2 on this game.")).toBeInTheDocument();
    act(() => resetToasts());
    best = false;
    post(frame, { v: 1, type: "gameplay.start" });
    post(frame, scoreMsg(62_345, null));
    expect(await screen.findByText("Your time: 1:02.345.")).toBeInTheDocument();
  });

  it("D90: a score the game's rules refuse (400) is toasted with the server's message", async () => {
    const message = "This score came too soon after the game started: a round takes at least 3 s (minRoundMs)";
    mockApi(
      routes(
        [["POST", "/api/scores", () => jsonResponse({ message }, { status: 400 })]],
        signedInAs({ id: 7, username: "zed" }),
      ),
    );
    const frame = await play();
    post(frame, scoreMsg(12));
    expect(await screen.findByText("Score not saved")).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it("signed out: toast 'Sign in to save your score' and no API call", async () => {
    const fetch = mockApi(routes());
    const frame = await play();
    post(frame, scoreMsg(300));
    expect(await screen.findByText("Sign in to save your score")).toBeInTheDocument();
    expect(scorePosts(fetch)).toHaveLength(0);
  });

  it("429: a gentle toast; other failures are only logged", async () => {
    let status = 429;
    mockApi(
      routes(
        [["POST", "/api/scores", () => jsonResponse({ message: "Too many scores" }, { status })]],
        signedInAs({ id: 7, username: "zed" }),
      ),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const frame = await play();
    post(frame, scoreMsg(1));
    expect(await screen.findByText("Easy there, champ")).toBeInTheDocument();
    act(() => resetToasts());
    status = 409;
    post(frame, { v: 1, type: "gameplay.start" });
    post(frame, scoreMsg(2));
    await waitFor(() => expect(warn).toHaveBeenCalledWith("Could not save the score", expect.anything()));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
