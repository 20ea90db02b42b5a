/**
 * GamePlayer and SDK v2 (D75): requests from the game frame are answered to that frame, events go to it.
 * The frame is simulated as in game-player.test.tsx: messages are dispatched on window with the frame's
 * contentWindow as their source; the player's answers and events are caught by spying on that window's postMessage.
 */
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { jsonResponse, mockApi, renderWithProviders, signedInAs, signedOut } from "@test/render-app";
import { useGameAchievements } from "../api/game-achievements";
import { GamePlayer, type GameScoreReport } from "./game-player";

const GAMES_ORIGIN = "http://127.0.0.1:5001";
const game = {
  id: 5,
  title: "Neon Drift",
  imageUrl: "/uploads/neon.webp",
  frameUrl: `${GAMES_ORIGIN}/game-frame/5/`,
  externalUrl: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Posted = MockInstance<(message: unknown, targetOrigin: string) => void>;

async function startGuestGame() {
  mockApi([signedOut, ["POST", "/api/games/5/play", () => jsonResponse({ plays: 10, playId: "p-1" })]]);
  const onScore = vi.fn<(r: GameScoreReport) => void>();
  renderWithProviders(<GamePlayer game={game} onScore={onScore} />);
  fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
  const frame = (await screen.findByTitle(game.title)) as HTMLIFrameElement;
  const toFrame = vi.spyOn(frame.contentWindow!, "postMessage").mockImplementation(() => {}) as unknown as Posted;
  return { frame, toFrame, onScore };
}

function post(data: unknown, source: MessageEventSource | null, origin = GAMES_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { data, origin, source }));
  });
}

const request = (id: string, type: string, payload: unknown = {}) => ({ v: 2, id, type, payload });

/** The reply to request `id` the player posted to the frame (waits for it). */
async function replyTo(toFrame: Posted, id: string) {
  let found: unknown;
  await waitFor(() => {
    const call = toFrame.mock.calls.find(([m]) => (m as { id?: string }).id === id);
    expect(call).toBeDefined();
    expect(call![1]).toBe(GAMES_ORIGIN);
    found = call![0];
  });
  return found as Record<string, unknown>;
}

const sent = (toFrame: Posted, message: unknown) =>
  toFrame.mock.calls.some(([m, origin]) => origin === GAMES_ORIGIN && JSON.stringify(m) === JSON.stringify(message));

describe("GamePlayer SDK v2 requests (D75)", () => {
  it("answers init with no player and the settings for a guest", async () => {
    const { frame, toFrame } = await startGuestGame();
    post(request("r1", "init"), frame.contentWindow);
    expect(await replyTo(toFrame, "r1")).toEqual({
      v: 2,
      id: "r1",
      ok: true,
      result: { user: null, settings: { muted: false, locale: expect.any(String), reducedMotion: false } },
    });
  });

  it.each([
    [
      "public",
      { id: 9, username: "neonfox", avatarUrl: "/uploads/avatars/9.webp" },
      { id: 9, username: "neonfox", avatarUrl: new URL("/uploads/avatars/9.webp", window.location.href).href },
    ],
    [
      "private",
      { id: 2 ** 40 + 3, username: "Player", avatarUrl: null },
      { id: 2 ** 40 + 3, username: "Player", avatarUrl: null },
    ],
  ])(
    "answers init for a signed-in player whose profile is %s with the identity the server gives this game (issue 26)",
    async (_visibility, served, user) => {
      const fetch = mockApi([
        signedInAs({ id: 9, username: "neonfox", avatarUrl: "/uploads/avatars/9.webp" }),
        ["GET", "/api/games/5/player", () => jsonResponse({ user: served })],
        ["POST", "/api/games/5/play", () => jsonResponse({ plays: 10, playId: "p-1" })],
      ]);
      renderWithProviders(<GamePlayer game={game} />);
      fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
      const frame = (await screen.findByTitle(game.title)) as HTMLIFrameElement;
      const toFrame = vi.spyOn(frame.contentWindow!, "postMessage").mockImplementation(() => {}) as unknown as Posted;
      await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u) === "/api/auth/session")).toBe(true));
      post(request("r1", "init"), frame.contentWindow);
      const reply = await replyTo(toFrame, "r1");
      expect((reply.result as { user: unknown }).user).toEqual(user);
    },
  );

  it("does not answer a request from another window or another origin", async () => {
    const { frame, toFrame } = await startGuestGame();
    const toPage = vi.spyOn(window, "postMessage").mockImplementation(() => {});
    try {
      post(request("r1", "init"), window);
      post(request("r2", "init"), null);
      post(request("r3", "init"), frame.contentWindow, "http://localhost:5001");
      post(request("r4", "init"), frame.contentWindow, "null");
      await new Promise((r) => setTimeout(r, 50));
      expect(toFrame).not.toHaveBeenCalled();
      expect(toPage).not.toHaveBeenCalled();
    } finally {
      toPage.mockRestore();
    }
  });

  it("keeps a guest's save: setItem, then getItem; stored in localStorage after the flush", async () => {
    const { frame, toFrame } = await startGuestGame();
    post(request("s1", "data.setItem", { key: "level", value: "3" }), frame.contentWindow);
    expect(await replyTo(toFrame, "s1")).toEqual({ v: 2, id: "s1", ok: true, result: null });
    post(request("g1", "data.getItem", { key: "level" }), frame.contentWindow);
    expect(await replyTo(toFrame, "g1")).toEqual({ v: 2, id: "g1", ok: true, result: "3" });
    post(request("g2", "data.getItem", { key: "nothing" }), frame.contentWindow);
    expect(await replyTo(toFrame, "g2")).toMatchObject({ ok: true, result: null });

    await waitFor(() => expect(localStorage.getItem("arcadium-saves:5")).not.toBeNull());
    expect(JSON.parse(localStorage.getItem("arcadium-saves:5")!)).toEqual({
      level: { value: "3", updatedAt: expect.any(String) },
    });
  });

  it("answers an invalid request with ok: false and code 'invalid'", async () => {
    const { frame, toFrame } = await startGuestGame();
    post(request("bad1", "data.setItem", { key: "", value: "x" }), frame.contentWindow);
    post(request("bad2", "score.cheat"), frame.contentWindow);
    expect(await replyTo(toFrame, "bad1")).toMatchObject({
      v: 2,
      id: "bad1",
      ok: false,
      error: { code: "invalid", message: expect.any(String) },
    });
    expect(await replyTo(toFrame, "bad2")).toMatchObject({ ok: false, error: { code: "invalid" } });
  });

  it("answers a v2 score and passes it on with the play id", async () => {
    const { frame, toFrame, onScore } = await startGuestGame();
    post(request("sc1", "score.submit", { score: 42, won: true }), frame.contentWindow);
    expect(await replyTo(toFrame, "sc1")).toMatchObject({ ok: true });
    await waitFor(() => expect(onScore).toHaveBeenCalledWith({ playId: "p-1", score: 42, won: true }));
  });

  it("does not answer a v1 message, which still reaches the player", async () => {
    const { frame, toFrame, onScore } = await startGuestGame();
    post({ v: 1, type: "score.submit", payload: { score: 9, won: false } }, frame.contentWindow);
    await waitFor(() => expect(onScore).toHaveBeenCalledWith({ playId: "p-1", score: 9, won: false }));
    expect(toFrame).not.toHaveBeenCalled();
  });
});

describe("GamePlayer SDK v2 events", () => {
  it("the sound button sends mute to the frame and remembers it in this browser", async () => {
    const { toFrame } = await startGuestGame();
    fireEvent.click(screen.getByRole("button", { name: "Sound On" }));
    expect(screen.getByRole("button", { name: "Sound Off" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(sent(toFrame, { v: 2, event: "mute", payload: { muted: true } })).toBe(true));
    expect(localStorage.getItem("arcadium-game-muted")).toBe("true");
    expect(toFrame.mock.calls.some(([m]) => (m as { event?: string }).event === "settings")).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Sound Off" }));
    await waitFor(() => expect(sent(toFrame, { v: 2, event: "mute", payload: { muted: false } })).toBe(true));
    expect(localStorage.getItem("arcadium-game-muted")).toBe("false");
  });

  it("starts muted when the browser remembers it, and init says so", async () => {
    localStorage.setItem("arcadium-game-muted", "true");
    const { frame, toFrame } = await startGuestGame();
    expect(screen.getByRole("button", { name: "Sound Off" })).toBeInTheDocument();
    post(request("r1", "init"), frame.contentWindow);
    expect(await replyTo(toFrame, "r1")).toMatchObject({ result: { settings: { muted: true } } });
  });

  it("a dialog over the page pauses the game; its removal resumes it", async () => {
    const { toFrame } = await startGuestGame();
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    document.body.appendChild(dialog);
    await waitFor(() => expect(sent(toFrame, { v: 2, event: "pause", payload: {} })).toBe(true));
    expect(sent(toFrame, { v: 2, event: "resume", payload: {} })).toBe(false);
    dialog.remove();
    await waitFor(() => expect(sent(toFrame, { v: 2, event: "resume", payload: {} })).toBe(true));
  });
});

/** What the game page shows beside the player: the game's achievements (their titles feed the toast). */
function AchievementList() {
  const list = useGameAchievements(5);
  return <p data-testid="listed">{list.data?.map((a) => a.key).join(",")}</p>;
}

describe("GamePlayer SDK v2 achievements (D78)", () => {
  it("unlocks for the signed-in player during the play, announces it with the achievement's title, and refreshes the page's list", async () => {
    const unlocks: unknown[] = [];
    const fetch = mockApi([
      signedInAs({ id: 9, username: "neonfox" }),
      ["POST", "/api/games/5/play", () => jsonResponse({ plays: 10, playId: "p-1" })],
      [
        "GET",
        "/api/games/5/achievements",
        () =>
          jsonResponse([
            {
              key: "first_win",
              title: "First Win",
              description: "Win once",
              iconUrl: null,
              hidden: false,
              players: 10,
            },
          ]),
      ],
      [
        "POST",
        "/api/games/5/achievements/unlock",
        (req) => {
          unlocks.push(req.body);
          return jsonResponse({ unlocked: unlocks.length === 1 });
        },
      ],
    ]);
    renderWithProviders(
      <>
        <AchievementList />
        <GamePlayer game={game} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId("listed")).toHaveTextContent("first_win"));
    fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
    const frame = (await screen.findByTitle(game.title)) as HTMLIFrameElement;
    const toFrame = vi.spyOn(frame.contentWindow!, "postMessage").mockImplementation(() => {}) as unknown as Posted;
    // the session has answered before the game asks
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u) === "/api/auth/session")).toBe(true));
    post(request("u1", "achievements.unlock", { key: "first_win" }), frame.contentWindow);
    expect(await replyTo(toFrame, "u1")).toEqual({ v: 2, id: "u1", ok: true, result: { unlocked: true } });
    expect(unlocks).toEqual([{ key: "first_win", playId: "p-1" }]);
    // Radix also reads each new toast out from a hidden copy for a second; count the shown ones only
    const shownToasts = () =>
      within(screen.getByRole("region", { name: /^Notifications/ })).queryAllByText("Achievement unlocked!");
    await waitFor(() => expect(shownToasts()).toHaveLength(1));
    expect(screen.getAllByText("First Win").length).toBeGreaterThan(0);
    // a second unlock of the same one says so, without a second toast
    post(request("u2", "achievements.unlock", { key: "first_win" }), frame.contentWindow);
    expect(await replyTo(toFrame, "u2")).toEqual({ v: 2, id: "u2", ok: true, result: { unlocked: false } });
    expect(shownToasts()).toHaveLength(1);
  });
});
