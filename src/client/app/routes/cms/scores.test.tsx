import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { chatTime, formatDateTime, formatShortDate } from "@/lib/format";
import type { AdminScoreRow } from "@contract/admin/scores";
import type { AdminUserRow } from "@contract/admin/users";
import { makeGame } from "@test/client-fixtures";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests } from "@test/render-app";
import { CmsScoresScreen, countText } from "./scores";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};
const LANE = { id: 3, title: "Lane Racer", format: "points" as const };
const SPRINT = { id: 4, title: "Maze Sprint", format: "time_ms" as const };
const adminGame = (g: { id: number; title: string }) => ({
  ...makeGame(g.id, { title: g.title }),
  collectionIds: [],
  sdkAdapter: null,
  packageBytes: null,
  packageFiles: null,
  medianStartMs: null,
  hiddenReason: null,
});

const score = (id: number, over: Partial<AdminScoreRow> = {}): AdminScoreRow => ({
  id,
  score: 12345,
  won: true,
  createdAt: "2026-11-20T10:30:00.000Z",
  isBest: false,
  game: LANE,
  user: { id: 2, username: "alice", hiddenFromBoards: false },
  ...over,
});

const userRow = (id: number, username: string): AdminUserRow => ({
  id,
  username,
  email: `${username}@example.com`,
  avatarUrl: null,
  role: "player",
  disabled: false,
  mutedUntil: null,
  hiddenFromBoards: false,
  createdAt: "2025-01-01T00:00:00.000Z",
  reviewCount: 0,
  chatCount: 0,
  scoreCount: 0,
});

/** D91: the seasons in memory; POST /api/admin/seasons/new archives the open one and opens the next. */
const SEASON_4 = {
  id: 4,
  number: 4,
  startsAt: "2026-11-23T00:00:00.000Z",
  endsAt: "2026-11-30T00:00:00.000Z",
  current: true,
};

/** The scores API with its rows in memory, so that a removal or a reset is read back. */
function api(rows: AdminScoreRow[]) {
  let scores = rows;
  let seasons = [SEASON_4];
  return mockApi([
    ["GET", "/api/seasons", () => jsonResponse(seasons)],
    [
      "POST",
      "/api/admin/seasons/new",
      () => {
        const opened = {
          id: 5,
          number: 5,
          startsAt: "2026-11-27T08:00:00.000Z",
          endsAt: "2026-11-30T00:00:00.000Z",
          current: true,
        };
        seasons = [opened, ...seasons.map((s) => ({ ...s, current: false, endsAt: opened.startsAt }))];
        return jsonResponse(opened, { status: 201 });
      },
    ],
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    [
      "GET",
      "/api/admin/games",
      () => jsonResponse([adminGame(LANE), adminGame(SPRINT)], { headers: { "X-Total-Count": "2" } }),
    ],
    [
      "GET",
      "/api/admin/users",
      ({ url }) =>
        jsonResponse(
          [userRow(2, "alice"), userRow(5, "bob")].filter((u) =>
            u.username.includes(url.searchParams.get("search") ?? ""),
          ),
        ),
    ],
    [
      "GET",
      "/api/admin/scores",
      ({ url }) => {
        const gameId = url.searchParams.get("gameId");
        const userId = url.searchParams.get("userId");
        return jsonResponse(
          scores.filter((s) => (!gameId || s.game.id === Number(gameId)) && (!userId || s.user.id === Number(userId))),
        );
      },
    ],
    [
      "DELETE",
      /^\/api\/admin\/scores\/\d+$/,
      ({ url }) => {
        const id = Number(url.pathname.split("/").at(-1));
        scores = scores.filter((s) => s.id !== id);
        return new Response(null, { status: 204 });
      },
    ],
    [
      "POST",
      "/api/admin/scores/reset",
      ({ body }) => {
        const { userId, gameId } = body as { userId: number; gameId: number };
        const before = scores.length;
        scores = scores.filter((s) => !(s.user.id === userId && s.game.id === gameId));
        return jsonResponse({ removed: before - scores.length });
      },
    ],
  ]);
}

const writes = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method && init.method !== "GET")
    .map(([url, init]) => [init!.method, String(url), init!.body ? JSON.parse(String(init!.body)) : undefined]);
const scoreReads = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), "http://x"))
    .filter((u) => u.pathname === "/api/admin/scores")
    .map((u) => u.search);
const table = () => screen.findByRole("table", { name: "Scores" });
/** The table's rows once loaded (not the skeleton rows). */
const rowsOf = async () => {
  await waitFor(() => expect(screen.queryAllByTestId("skeleton-row")).toHaveLength(0));
  return within(await table())
    .getAllByRole("row")
    .slice(1);
};

setUpScreenTests();
beforeEach(() => resetToasts());

describe("CmsScoresScreen (D93)", () => {
  it("lists the newest scores: time, player with the hidden badge, game, a formatted score (a time as a time), Best, result", async () => {
    const fetch = api([
      score(1, { isBest: true }),
      score(2, { score: 62345, game: SPRINT, won: null, user: { id: 5, username: "bob", hiddenFromBoards: true } }),
    ]);
    renderWithProviders(<CmsScoresScreen />, "/cms/scores");
    await within(await table()).findByText("12,345");
    const [first, second] = await rowsOf();
    expect(within(first).getByTitle(formatDateTime("2026-11-20T10:30:00.000Z"))).toHaveTextContent(
      formatShortDate("2026-11-20T10:30:00.000Z") + chatTime("2026-11-20T10:30:00.000Z"),
    );
    expect(within(first).getByText("alice")).toBeInTheDocument();
    expect(within(first).getByText("Lane Racer")).toBeInTheDocument();
    expect(within(first).getByText("Best")).toBeInTheDocument();
    expect(within(first).getByText("Won")).toBeInTheDocument();
    expect(within(first).queryByText("Hidden from boards")).toBeNull();
    expect(within(second).getByText("1:02.345")).toBeInTheDocument();
    expect(within(second).getByText("Hidden from boards")).toBeInTheDocument();
    expect(within(second).queryByText("Best")).toBeNull();
    expect(within(second).getByText("—")).toBeInTheDocument();
    expect(scoreReads(fetch)).toEqual(["?limit=50"]);
    expect(screen.getByText("2 scores.")).toBeInTheDocument();
  });

  it("D91: shows the current season; 'Start a new season' asks first (Cancel sends nothing), then POSTs, toasts and shows the new one", async () => {
    const fetch = api([score(1)]);
    renderWithProviders(<CmsScoresScreen />, "/cms/scores");
    expect(await screen.findByTestId("current-season")).toHaveTextContent("Season 4 · 23–29 Nov");
    fireEvent.click(screen.getByRole("button", { name: "Start a new season" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Season 4 · 23–29 Nov ends now and is archived with its final standings");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(writes(fetch)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Start a new season" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Start new season" }));
    expect(await screen.findByText("Season 5 · 27–29 Nov has started")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("current-season")).toHaveTextContent("Season 5 · 27–29 Nov"));
    expect(writes(fetch).map(([method, url]) => [method, url])).toEqual([["POST", "/api/admin/seasons/new"]]);
  });

  it("Remove score asks first (Cancel sends nothing), then DELETEs the score, toasts and refreshes the list", async () => {
    const fetch = api([score(1), score(2, { score: 500, isBest: true })]);
    renderWithProviders(<CmsScoresScreen />, "/cms/scores");
    const [first] = await rowsOf();
    fireEvent.click(within(first).getByRole("button", { name: /^Remove score\s*alice 12,345 on Lane Racer$/ }));
    let dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText(
        "Remove alice's score of 12,345 on Lane Racer? Their best, totals and achievements are recomputed.",
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(writes(fetch)).toEqual([]);

    fireEvent.click(within(first).getByRole("button", { name: /^Remove score\s*alice 12,345 on Lane Racer$/ }));
    dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove score" }));
    expect(await screen.findByText("Removed alice's score of 12,345 on Lane Racer")).toBeInTheDocument();
    expect(writes(fetch)).toEqual([["DELETE", "/api/admin/scores/1", {}]]);
    await waitFor(() => expect(screen.queryByText("12,345")).toBeNull());
    expect(within(await table()).getByText("500")).toBeInTheDocument();
  });

  it("Reset player on this game asks first, POSTs {userId, gameId}, toasts how many went and refreshes", async () => {
    const fetch = api([
      score(1),
      score(2, { score: 700 }),
      score(3, { score: 42, game: SPRINT }),
      score(4, { score: 900, user: { id: 5, username: "bob", hiddenFromBoards: false } }),
    ]);
    renderWithProviders(<CmsScoresScreen />, "/cms/scores");
    const [first] = await rowsOf();
    fireEvent.click(within(first).getByRole("button", { name: /^Reset player\s*on this game\s*alice on Lane Racer$/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText(
        "Remove all of alice's scores on Lane Racer? Their best, totals and achievements are recomputed.",
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Reset player" }));
    expect(await screen.findByText("Removed 2 scores of alice on Lane Racer")).toBeInTheDocument();
    expect(writes(fetch)).toEqual([["POST", "/api/admin/scores/reset", { userId: 2, gameId: 3 }]]);
    await waitFor(async () => expect(await rowsOf()).toHaveLength(2));
    expect(within(await table()).getByText("0:00.042")).toBeInTheDocument();
    expect(within(await table()).getByText("900")).toBeInTheDocument();
  });

  it("a refused removal toasts the server's message and keeps the row", async () => {
    const fetch = mockApiWithRefusal();
    renderWithProviders(<CmsScoresScreen />, "/cms/scores");
    const [first] = await rowsOf();
    fireEvent.click(within(first).getByRole("button", { name: /^Remove score/ }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove score" }));
    expect(await screen.findByText("Failed to remove score: Score not found")).toBeInTheDocument();
    expect(writes(fetch)).toEqual([["DELETE", "/api/admin/scores/1", {}]]);
    expect(within(await table()).getByText("12,345")).toBeInTheDocument();
  });

  it("filters by a game (the select) and by a player (picked from a search, or typed as an id)", async () => {
    const fetch = api([
      score(1),
      score(2, { score: 42, game: SPRINT, user: { id: 5, username: "bob", hiddenFromBoards: false } }),
    ]);
    renderWithProviders(<CmsScoresScreen />, "/cms/scores");
    await rowsOf();
    fireEvent.click(screen.getByRole("combobox", { name: "Game" }));
    fireEvent.click(await screen.findByRole("option", { name: "Maze Sprint" }));
    await waitFor(() => expect(scoreReads(fetch).at(-1)).toBe("?gameId=4&limit=50"));
    await waitFor(async () => expect(await rowsOf()).toHaveLength(1));
    expect(screen.getByText("1 score matches.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("combobox", { name: "Game" }));
    fireEvent.click(await screen.findByRole("option", { name: "All games" }));

    fireEvent.change(screen.getByLabelText("Player"), { target: { value: "ali" } });
    await screen.findByRole("list", { name: "Matching players" });
    fireEvent.keyDown(screen.getByLabelText("Player"), { key: "Escape" });
    expect(screen.queryByRole("list", { name: "Matching players" })).toBeNull();
    fireEvent.focus(screen.getByLabelText("Player"));
    const matches = await screen.findByRole("list", { name: "Matching players" });
    fireEvent.click(await within(matches).findByRole("button", { name: /alice/ }));
    await waitFor(() => expect(scoreReads(fetch).at(-1)).toBe("?userId=2&limit=50"));
    expect(screen.getByText("#2")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Clear the player" }));

    fireEvent.change(screen.getByLabelText("Player"), { target: { value: "5" } });
    fireEvent.click(
      within(await screen.findByRole("list", { name: "Matching players" })).getByRole("button", { name: /User #5/ }),
    );
    await waitFor(() => expect(scoreReads(fetch).at(-1)).toBe("?userId=5&limit=50"));
    await waitFor(async () => expect(await rowsOf()).toHaveLength(1));
    expect(within(await table()).getByText("0:00.042")).toBeInTheDocument();
  });
});

/** Like api(), but DELETE answers 404 as the server does for a score already gone. */
function mockApiWithRefusal() {
  const base = api([score(1)]);
  const inner = base.getMockImplementation()!;
  base.mockImplementation(async (input, init = {}) =>
    init.method === "DELETE" ? jsonResponse({ message: "Score not found" }, { status: 404 }) : inner(input, init),
  );
  return base;
}

describe("countText", () => {
  it("says 'the newest 50' when the list may go on, else how many there are", () => {
    expect(countText(50, false)).toBe("The newest 50 scores.");
    expect(countText(50, true)).toBe("The newest 50 scores that match.");
    expect(countText(3, false)).toBe("3 scores.");
    expect(countText(1, true)).toBe("1 score matches.");
  });
});
