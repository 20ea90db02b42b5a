import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ACHIEVEMENTS } from "@contract/achievements";
import { REPORT_REASON_LABELS, REPORT_SENT } from "@contract/reports-constants";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderApp,
  setUpScreenTests,
  signedOut,
  signedInAs,
  type MockRoute,
} from "@test/render-app";

/** /profile/{id} (spec §2): real statistics and working buttons. */

const user = { id: 7, username: "turbotiger", avatarUrl: null, createdAt: "2025-05-15T12:00:00.000Z" };
const profile = {
  ...user,
  rank: 3,
  totalScore: 12_345,
  gamesPlayed: 21,
  winRate: 48,
  visibility: "public",
  restricted: false,
};
/** D87: what a visitor who may not see the whole profile gets (the server's render is a signed-out visitor's). */
const restricted = (visibility: "friends" | "private") => ({
  ...user,
  createdAt: null,
  rank: null,
  totalScore: null,
  gamesPlayed: null,
  winRate: null,
  visibility,
  restricted: true,
});

const unlocked = new Set(["first_score", "first_victory", "game_explorer", "champion"]);
const stats = {
  games: [
    {
      gameId: 1,
      title: "Lane Racer",
      imageUrl: "",
      category: "Racing",
      categorySlug: "racing",
      bestScore: 1200,
      rank: 12,
      scoreFormat: "points",
      scores: 3,
      lastPlayedAt: "2025-05-10T10:00:00.000Z",
    },
    {
      gameId: 2,
      title: "Reversi",
      imageUrl: "",
      category: "Strategy",
      categorySlug: "strategy",
      bestScore: 4200,
      rank: 1,
      scoreFormat: "points",
      scores: 1,
      lastPlayedAt: "2025-05-14T10:00:00.000Z",
    },
    {
      gameId: 3,
      title: "Hoop Shot",
      imageUrl: "",
      category: "Sports",
      categorySlug: "sports",
      bestScore: 800,
      rank: null,
      scoreFormat: "points",
      scores: 2,
      lastPlayedAt: "2025-05-12T10:00:00.000Z",
    },
  ],
  categories: [
    { slug: "racing", name: "Racing", plays: 3, share: 50 },
    { slug: "sports", name: "Sports", plays: 2, share: 33 },
    { slug: "strategy", name: "Strategy", plays: 1, share: 17 },
  ],
  achievements: ACHIEVEMENTS.map((a) => ({ ...a, unlockedAt: unlocked.has(a.id) ? "2025-05-13T09:00:00.000Z" : null })),
  unlockedCount: 4,
  totalAchievements: 10,
};

function routes(extra: MockRoute[] = []): MockRoute[] {
  return [signedOut, noContent, ...extra];
}

function openTab(name: string) {
  const tab = screen.getByRole("tab", { name });
  fireEvent.mouseDown(tab);
  fireEvent.click(tab);
  return waitFor(() => expect(tab).toHaveAttribute("aria-selected", "true"));
}

setUpScreenTests();

describe("Profile screen", () => {
  it("signed in: Add Friend sends a request and becomes Cancel Request; a friend gets Message and their presence (D84, D88)", async () => {
    let relationship = { friends: false, incoming: false, outgoing: false, blocked: false, presence: null as unknown };
    const fetchMock = mockApi([
      signedInAs({ id: 1, username: "me" }),
      noContent,
      ["GET", "/api/users/7", () => jsonResponse(profile)],
      ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
      ["GET", "/api/friends/7", () => jsonResponse(relationship)],
      [
        "POST",
        "/api/friends/7",
        () => {
          relationship = { ...relationship, outgoing: true };
          return jsonResponse({ status: "requested" }, { status: 201 });
        },
      ],
    ]);
    const view = renderApp("/profile/7");
    // Until the relationship is known the button waits (disabled).
    const add = await waitFor(() => {
      const button = screen.getByRole("button", { name: "Add Friend" });
      expect(button).toBeEnabled();
      return button;
    });
    // D88: messages are between friends, and the button says so.
    fireEvent.click(screen.getByRole("button", { name: "Message" }));
    expect(await screen.findByText("You can only message your friends")).toBeInTheDocument();
    fireEvent.click(add);
    expect(await screen.findByRole("button", { name: "Cancel Request" })).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url).endsWith("/api/friends/7") && init?.method === "POST"),
    ).toBe(true);
    view.unmount();

    relationship = {
      friends: true,
      incoming: false,
      outgoing: false,
      blocked: false,
      presence: { status: "playing", game: { id: 3, title: "Snake" } },
    };
    renderApp("/profile/7");
    expect(await screen.findByRole("link", { name: "Message" })).toHaveAttribute("href", "/messages/7");
    expect(screen.getByRole("button", { name: "Friends" })).toBeInTheDocument();
    expect(screen.getByText(/Playing/)).toHaveTextContent("Playing Snake");
  });

  it("D97: a signed-in player can report someone else's profile (by its user id); not their own, and not signed out", async () => {
    const api = mockApi([
      signedInAs({ id: 1, username: "me" }),
      noContent,
      ["GET", "/api/users/7", () => jsonResponse(profile)],
      ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
      ["GET", "/api/users/1", () => jsonResponse({ ...profile, id: 1, username: "me" })],
      ["GET", "/api/users/1/stats", () => jsonResponse(stats)],
      [
        "GET",
        "/api/friends/7",
        () => jsonResponse({ friends: false, incoming: false, outgoing: false, blocked: false, presence: null }),
      ],
      ["POST", "/api/reports", () => jsonResponse({ id: 3, message: REPORT_SENT }, { status: 201 })],
    ]);
    const view = renderApp("/profile/7");
    const more = await screen.findByRole("button", { name: "More for turbotiger" });
    fireEvent.pointerDown(more, { button: 0, pointerType: "mouse" });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Report profile" }));
    const dialog = await screen.findByRole("dialog", { name: "Report profile" });
    fireEvent.click(within(dialog).getByRole("radio", { name: REPORT_REASON_LABELS.inappropriate }));
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "the avatar" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(REPORT_SENT)).toBeInTheDocument();
    const post = api.mock.calls.find(([url, init]) => String(url) === "/api/reports" && init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      kind: "profile",
      targetId: 7,
      reason: "inappropriate",
      text: "the avatar",
    });
    view.unmount();

    // One's own profile.
    const own = renderApp("/profile/1");
    expect(await screen.findByRole("heading", { level: 1, name: "me" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Add Friend" })).toBeNull());
    expect(screen.queryByRole("button", { name: /^More for/ })).toBeNull();
    own.unmount();

    // Signed out.
    mockApi(
      routes([
        ["GET", "/api/users/7", () => jsonResponse(profile)],
        ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
      ]),
    );
    renderApp("/profile/7");
    expect(await screen.findByRole("link", { name: "Add Friend" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^More for/ })).toBeNull();
  });

  it("D97: a blocked player's profile can still be reported (the More menu keeps Report, without Block)", async () => {
    mockApi([
      signedInAs({ id: 1, username: "me" }),
      noContent,
      ["GET", "/api/users/7", () => jsonResponse(profile)],
      ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
      [
        "GET",
        "/api/friends/7",
        () => jsonResponse({ friends: false, incoming: false, outgoing: false, blocked: true, presence: null }),
      ],
    ]);
    renderApp("/profile/7");
    expect(await screen.findByRole("button", { name: "Unblock" })).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByRole("button", { name: "More for turbotiger" }), {
      button: 0,
      pointerType: "mouse",
    });
    expect(await screen.findByRole("menuitem", { name: "Report profile" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: /^Block/ })).toBeNull();
  });

  it("shows the profile numbers from /api/users/{id}, the rank badge and the two buttons", async () => {
    mockApi(
      routes([
        ["GET", "/api/users/7", () => jsonResponse(profile)],
        ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
      ]),
    );
    renderApp("/profile/7");
    expect(await screen.findByRole("heading", { level: 1, name: "turbotiger" })).toBeInTheDocument();
    expect(screen.getByText("Rank #3")).toBeInTheDocument();
    expect(screen.getByText("TU")).toBeInTheDocument(); // initials fallback
    const facts = Object.fromEntries(
      screen.getAllByRole("term").map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      "Total Score": "12,345",
      "Games Played": "21",
      "Win Rate": "48%",
      "Member Since": "May 15, 2025",
    });
    // Signed out: both buttons ask to sign in first and come back here (D84).
    expect(await screen.findByRole("link", { name: "Add Friend" })).toHaveAttribute(
      "href",
      "/api/auth/login?returnTo=%2Fprofile%2F7",
    );
    expect(screen.getByRole("link", { name: "Message" })).toHaveAttribute(
      "href",
      "/api/auth/login?returnTo=%2Fprofile%2F7",
    );
    await waitFor(() => expect(document.title).toBe("turbotiger - Arcadium"));
  });

  it("Statistics: per-game best scores and category shares from /stats", async () => {
    mockApi(
      routes([
        ["GET", "/api/users/7", () => jsonResponse(profile)],
        ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
      ]),
    );
    renderApp("/profile/7");
    const bests = await screen.findAllByTestId("best-score");
    expect(
      bests.map((b) => [
        within(b).getByRole("link").textContent,
        b.querySelector("[data-field=bestScore]")?.textContent,
      ]),
    ).toEqual([
      ["Reversi", "4,200"],
      ["Lane Racer", "1,200"],
      ["Hoop Shot", "800"],
    ]);
    expect(
      screen.getAllByTestId("category-share").map((c) => c.querySelector("[data-field=share]")?.textContent),
    ).toEqual(["50%", "33%", "17%"]);
  });

  it("D92: each best shows the player's rank on that game ('#12', read 'Rank 12 on Lane Racer'); none while off the boards", async () => {
    mockApi(
      routes([
        ["GET", "/api/users/7", () => jsonResponse(profile)],
        ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
      ]),
    );
    renderApp("/profile/7");
    const bests = await screen.findAllByTestId("best-score");
    expect(bests.map((b) => b.querySelector("[data-field=rank]")?.textContent ?? null)).toEqual([
      "#1Rank 1 on Reversi",
      "#12Rank 12 on Lane Racer",
      null,
    ]);
    const rank = within(bests[1]).getByText("Rank 12 on Lane Racer");
    expect(rank).toHaveClass("sr-only");
    expect(bests[1].querySelector("[data-field=rank] [aria-hidden=true]")).toHaveTextContent(/^#12$/);
    expect(within(bests[2]).queryByText(/^Rank /)).toBeNull();
  });

  it("D90: best times read as times, after the points (highest first), without a bar; Recent Games says 'Best time'", async () => {
    const time = (gameId: number, title: string, bestScore: number, lastPlayedAt: string) => ({
      ...stats.games[0],
      gameId,
      title,
      bestScore,
      scoreFormat: "time_ms",
      lastPlayedAt,
    });
    const withTimes = {
      ...stats,
      games: [
        time(8, "Night Drift", 95_120, "2025-05-15T10:00:00.000Z"),
        ...stats.games,
        time(9, "Ice Sprint", 1_000_000, "2025-05-01T10:00:00.000Z"),
      ],
    };
    mockApi(
      routes([
        ["GET", "/api/users/7", () => jsonResponse(profile)],
        ["GET", "/api/users/7/stats", () => jsonResponse(withTimes)],
      ]),
    );
    renderApp("/profile/7");
    const bests = await screen.findAllByTestId("best-score");
    expect(
      bests.map((b) => [
        within(b).getByRole("link").textContent,
        b.querySelector("[data-field=bestScore]")?.textContent,
      ]),
    ).toEqual([
      ["Reversi", "4,200"],
      ["Lane Racer", "1,200"],
      ["Hoop Shot", "800"],
      ["Ice Sprint", "16:40.000"],
      ["Night Drift", "1:35.120"],
    ]);
    // the bars compare points only (the highest is a full bar); a time has none
    expect(bests.map((b) => b.querySelector<HTMLElement>("div[aria-hidden] > div")?.style.width ?? null)).toEqual([
      "100%",
      "29%",
      "19%",
      null,
      null,
    ]);
    expect(bests[4]).toHaveTextContent("Best time");
    await openTab("Recent Games");
    const rows = await screen.findAllByTestId("recent-game");
    expect(rows[0]).toHaveTextContent("Night Drift");
    expect(rows[0]).toHaveTextContent("Best time");
    expect(rows[0].querySelector("[data-field=bestScore]")).toHaveTextContent(/^1:35\.120$/);
    expect(rows[1]).toHaveTextContent("Best score");
  });

  it("Achievements: the 10 from the API, locked ones marked, and 'N/10 achievements unlocked' counted", async () => {
    mockApi(
      routes([
        ["GET", "/api/users/7", () => jsonResponse(profile)],
        ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
      ]),
    );
    renderApp("/profile/7");
    await screen.findAllByTestId("best-score");
    await openTab("Achievements");
    expect(await screen.findByText("4/10 achievements unlocked")).toBeInTheDocument();
    const tiles = screen.getAllByTestId("achievement");
    expect(tiles).toHaveLength(10);
    expect(tiles.filter((t) => t.dataset.unlocked === "true")).toHaveLength(4);
    const victory = tiles.find((t) => within(t).queryByText("First Victory"))!;
    expect(victory).toHaveTextContent("Unlocked May 13, 2025");
    const critic = tiles.find((t) => within(t).queryByText("Critic"))!;
    expect(critic).toHaveTextContent("Locked");
  });

  it("Recent Games: ordered by last played with best scores", async () => {
    mockApi(
      routes([
        ["GET", "/api/users/7", () => jsonResponse(profile)],
        ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
      ]),
    );
    renderApp("/profile/7");
    await screen.findAllByTestId("best-score");
    await openTab("Recent Games");
    const rows = await screen.findAllByTestId("recent-game");
    expect(rows.map((r) => within(r).getByRole("link").textContent)).toEqual(["Reversi", "Hoop Shot", "Lane Racer"]);
    expect(rows[0].querySelector("time")).toHaveAttribute("datetime", "2025-05-14T10:00:00.000Z");
    expect(rows[0]).toHaveTextContent("4,200");
  });

  it("a player without scores gets honest empty states and no rank badge", async () => {
    const empty = {
      games: [],
      categories: [],
      achievements: ACHIEVEMENTS.map((a) => ({ ...a, unlockedAt: null })),
      unlockedCount: 0,
      totalAchievements: 10,
    };
    mockApi(
      routes([
        [
          "GET",
          "/api/users/8",
          () =>
            jsonResponse({
              ...profile,
              id: 8,
              username: "newbie",
              rank: null,
              totalScore: 0,
              gamesPlayed: 0,
              winRate: 0,
            }),
        ],
        ["GET", "/api/users/8/stats", () => jsonResponse(empty)],
      ]),
    );
    renderApp("/profile/8");
    expect(await screen.findByText("No games played yet")).toBeInTheDocument();
    expect(screen.queryByText(/Rank #/)).not.toBeInTheDocument();
    await openTab("Achievements");
    expect(await screen.findByText("0/10 achievements unlocked")).toBeInTheDocument();
  });

  it("D87: a private profile shows only name, avatar and 'This profile is private': no figures, no tabs, no stats request", async () => {
    const fetch = mockApi(routes([["GET", "/api/users/7", () => jsonResponse(restricted("private"))]]));
    renderApp("/profile/7");
    expect(await screen.findByRole("heading", { level: 1, name: "turbotiger" })).toBeInTheDocument();
    expect(screen.getByTestId("profile-restricted")).toHaveTextContent("This profile is private");
    expect(screen.queryByText(/Member since/)).not.toBeInTheDocument();
    expect(screen.queryAllByRole("term")).toEqual([]);
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    expect(
      fetch.mock.calls.some(([u]) => String(u).includes("/stats") || String(u).includes("game-achievements")),
    ).toBe(false);
    // Signed out: nobody to ask again as.
    expect(fetch.mock.calls.filter(([u]) => String(u) === "/api/users/7")).toHaveLength(1);
  });

  it("D87: a friends-only profile says 'Only {name}'s friends can see their profile' to others", async () => {
    mockApi([
      signedInAs({ id: 1, username: "me" }),
      noContent,
      ["GET", "/api/users/7", () => jsonResponse(restricted("friends"))],
      [
        "GET",
        "/api/friends/7",
        () => jsonResponse({ friends: false, incoming: false, outgoing: false, blocked: false, presence: null }),
      ],
    ]);
    renderApp("/profile/7");
    expect(await screen.findByTestId("profile-restricted")).toHaveTextContent(
      "Only turbotiger's friends can see their profile",
    );
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    // Add Friend stays: it is how a visitor gets in.
    await waitFor(() => expect(screen.getByRole("button", { name: "Add Friend" })).toBeEnabled());
  });

  it("D87: a restricted answer is asked again with the visitor's session; a friend then gets the whole profile and its tabs", async () => {
    let asked = 0;
    // The first answer is the server-rendered (signed-out) one; the second is the friend's.
    const fetch = mockApi([
      signedInAs({ id: 1, username: "me" }),
      noContent,
      [
        "GET",
        "/api/users/7",
        () => jsonResponse(asked++ === 0 ? restricted("friends") : { ...profile, visibility: "friends" }),
      ],
      ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
      [
        "GET",
        "/api/friends/7",
        () =>
          jsonResponse({
            friends: true,
            incoming: false,
            outgoing: false,
            blocked: false,
            presence: { status: "offline" },
          }),
      ],
    ]);
    renderApp("/profile/7");
    expect(await screen.findByText("Rank #3")).toBeInTheDocument();
    expect(screen.queryByTestId("profile-restricted")).not.toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: /Statistics/ })).toBeInTheDocument();
    expect(await screen.findByText("Lane Racer")).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([u]) => String(u) === "/api/users/7")).toHaveLength(2);
  });

  it("unknown user: 'User Not Found' with 'Return Home'", async () => {
    mockApi(
      routes([["GET", /^\/api\/users\/999/, () => jsonResponse({ message: "User not found" }, { status: 404 })]]),
    );
    renderApp("/profile/999");
    expect(await screen.findByText("User Not Found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await waitFor(() => expect(document.title).toBe("User Not Found - Arcadium"));
  });

  it("a malformed id is 'User Not Found' without asking the server", async () => {
    const fetch = mockApi(routes());
    renderApp("/profile/abc");
    expect(await screen.findByText("User Not Found")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).startsWith("/api/users"))).toBe(false);
  });
});
