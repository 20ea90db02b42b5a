import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderWithProviders } from "@test/render-app";
import { GAME_FRAME_ALLOW, GAME_FRAME_SANDBOX, GamePlayer, type GameScoreReport } from "./game-player";

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
});

/** Answers each POST /api/games/5/play with the next play id. */
function mockPlays(ids = ["p-1", "p-2", "p-3", "p-4"]) {
  let n = 0;
  return mockApi([["POST", "/api/games/5/play", () => jsonResponse({ plays: 10 + n, playId: ids[n++] })]]);
}
const playCalls = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(([u, init]) => String(u) === "/api/games/5/play" && init?.method === "POST").length;

async function startPlaying(props: Partial<Parameters<typeof GamePlayer>[0]> = {}) {
  const onScore = vi.fn<(r: GameScoreReport) => void>();
  renderWithProviders(<GamePlayer game={game} onScore={onScore} {...props} />);
  fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
  const frame = (await screen.findByTitle((props.game ?? game).title)) as HTMLIFrameElement;
  return { onScore, frame };
}

function post(
  data: unknown,
  { source, origin = GAMES_ORIGIN }: { source: MessageEventSource | null; origin?: string },
) {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { data, origin, source }));
  });
}
const score = (value: unknown, won: unknown = true) => ({ v: 1, type: "score.submit", payload: { score: value, won } });

describe("GamePlayer (spec §4, D20, D21)", () => {
  it("shows the cover first, counts a play, then shows the sandboxed frame", async () => {
    const fetch = mockApi([["POST", "/api/games/5/play", () => jsonResponse({ plays: 11, playId: "p-1" })]]);
    const onPlayStarted = vi.fn();
    renderWithProviders(<GamePlayer game={game} onPlayStarted={onPlayStarted} />);
    expect(screen.queryByTitle("Neon Drift")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Play Now" }));

    const frame = await screen.findByTitle("Neon Drift");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("src", game.frameUrl);
    expect(frame).toHaveAttribute(
      "sandbox",
      "allow-scripts allow-same-origin allow-pointer-lock allow-popups allow-forms",
    );
    expect(GAME_FRAME_SANDBOX).toBe(frame.getAttribute("sandbox"));
    expect(frame).toHaveAttribute("allow", "fullscreen; autoplay; gamepad");
    expect(GAME_FRAME_ALLOW).toBe(frame.getAttribute("allow"));
    expect(onPlayStarted).toHaveBeenCalledWith("p-1");
    expect(fetch.mock.calls.some(([u, init]) => String(u) === "/api/games/5/play" && init?.method === "POST")).toBe(
      true,
    );
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Fullscreen" })).toBeInTheDocument();
  });

  it("focuses the frame after 1 s", async () => {
    mockApi([["POST", "/api/games/5/play", () => jsonResponse({ plays: 11, playId: "p-1" })]]);
    renderWithProviders(<GamePlayer game={game} />);
    fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
    const frame = await screen.findByTitle("Neon Drift");
    await waitFor(() => expect(document.activeElement).toBe(frame), { timeout: 1500 });
  });

  it("tries fullscreen after 1.5 s; a refusal is only logged with console.warn", async () => {
    mockApi([["POST", "/api/games/5/play", () => jsonResponse({ plays: 11, playId: "p-1" })]]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const request = vi.fn(() => Promise.reject(new Error("Permissions check failed")));
    const original = HTMLElement.prototype.requestFullscreen;
    HTMLElement.prototype.requestFullscreen = request;
    try {
      renderWithProviders(<GamePlayer game={game} />);
      fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
      await screen.findByTitle("Neon Drift");
      await new Promise((r) => setTimeout(r, 1000));
      expect(request).not.toHaveBeenCalled();
      await waitFor(() => expect(request).toHaveBeenCalledTimes(1), { timeout: 1500 });
      await waitFor(() => expect(warn).toHaveBeenCalledWith("Fullscreen request failed", expect.any(Error)));
    } finally {
      HTMLElement.prototype.requestFullscreen = original;
      warn.mockRestore();
    }
  });

  it("does not start the frame when counting the play fails; the failure is only logged", async () => {
    mockApi([["POST", "/api/games/5/play", () => jsonResponse({ message: "Game not found" }, { status: 404 })]]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderWithProviders(<GamePlayer game={game} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
    });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByTitle("Neon Drift")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Play Now" })).toBeEnabled();
    warn.mockRestore();
  });
});

describe("GamePlayer SDK messages (D22)", () => {
  it("passes a valid score from its own frame and the games origin on, once, with the play id", async () => {
    mockPlays();
    const { onScore, frame } = await startPlaying();
    post(score(1200, true), { source: frame.contentWindow });
    await waitFor(() => expect(onScore).toHaveBeenCalledTimes(1));
    expect(onScore).toHaveBeenCalledWith({ playId: "p-1", score: 1200, won: true });
  });

  it("ignores a message from another window (the page itself, another frame, none)", async () => {
    mockPlays();
    const { onScore } = await startPlaying();
    const other = document.createElement("iframe");
    document.body.appendChild(other);
    post(score(50), { source: window });
    post(score(50), { source: other.contentWindow });
    post(score(50), { source: null });
    await new Promise((r) => setTimeout(r, 50));
    expect(onScore).not.toHaveBeenCalled();
    other.remove();
  });

  it("ignores a message from its frame with another origin", async () => {
    mockPlays();
    const { onScore, frame } = await startPlaying();
    for (const origin of ["http://localhost:5001", "http://127.0.0.1:5000", "https://127.0.0.1:5001", "null", ""]) {
      post(score(50), { source: frame.contentWindow, origin });
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(onScore).not.toHaveBeenCalled();
  });

  it("ignores malformed envelopes and invalid scores", async () => {
    mockPlays();
    const { onScore, frame } = await startPlaying();
    const bad: unknown[] = [
      null,
      "score.submit",
      { v: 2, type: "score.submit", payload: { score: 1, won: true } },
      { type: "score.submit", payload: { score: 1 } },
      { v: 1, type: "score.cheat", payload: { score: 1 } },
      score(-1),
      score(1.5),
      score("100"),
      score(1_000_000_001),
      score(Number.NaN),
      score(10, "yes"),
      { v: 1, type: "score.submit", payload: null },
    ];
    for (const data of bad) post(data, { source: frame.contentWindow });
    await new Promise((r) => setTimeout(r, 50));
    expect(onScore).not.toHaveBeenCalled();
  });

  it("never listens to an external game (externalUrl): it is not ours", async () => {
    mockPlays();
    const external = {
      ...game,
      title: "Far Away",
      externalUrl: "https://games.example.com/play",
      frameUrl: "https://games.example.com/play",
    };
    const { onScore, frame } = await startPlaying({ game: external });
    post(score(10), { source: frame.contentWindow, origin: "https://games.example.com" });
    await new Promise((r) => setTimeout(r, 50));
    expect(onScore).not.toHaveBeenCalled();
  });

  it("opens a new play session for a round that starts after a score (one score per play, D23)", async () => {
    const fetch = mockPlays();
    const { onScore, frame } = await startPlaying();
    const start = { v: 1, type: "gameplay.start", payload: {} };
    post(start, { source: frame.contentWindow }); // first round: the Play Now session serves it
    await new Promise((r) => setTimeout(r, 20));
    expect(playCalls(fetch)).toBe(1);
    post(score(10, false), { source: frame.contentWindow });
    await waitFor(() => expect(onScore).toHaveBeenLastCalledWith({ playId: "p-1", score: 10, won: false }));

    post(start, { source: frame.contentWindow }); // 'Play again'
    await waitFor(() => expect(playCalls(fetch)).toBe(2));
    post(score(20, null), { source: frame.contentWindow });
    await waitFor(() => expect(onScore).toHaveBeenLastCalledWith({ playId: "p-2", score: 20, won: null }));

    // A game that reports again without gameplay.start still gets a fresh session.
    post({ v: 1, type: "score.submit", payload: { score: 30 } }, { source: frame.contentWindow });
    await waitFor(() => expect(onScore).toHaveBeenLastCalledWith({ playId: "p-3", score: 30, won: null }));
    expect(playCalls(fetch)).toBe(3);
    expect(onScore).toHaveBeenCalledTimes(3);
  });

  it("after Reload an unused session is kept; a used one is replaced at the next round", async () => {
    const fetch = mockPlays();
    const { onScore, frame } = await startPlaying();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    const reloaded = (await screen.findByTitle("Neon Drift")) as HTMLIFrameElement;
    expect(reloaded).not.toBe(frame);
    post(score(5), { source: frame.contentWindow }); // the old frame is gone: ignored
    post(score(7), { source: reloaded.contentWindow });
    await waitFor(() => expect(onScore).toHaveBeenCalledWith({ playId: "p-1", score: 7, won: true }));
    expect(onScore).toHaveBeenCalledTimes(1);
    expect(playCalls(fetch)).toBe(1);
  });

  it("shows the game's loading progress until it reports 1", async () => {
    mockPlays();
    const { frame } = await startPlaying();
    post({ v: 1, type: "loading.progress", payload: { progress: 0.4 } }, { source: frame.contentWindow });
    expect(await screen.findByRole("progressbar", { name: "Loading game" })).toHaveAttribute("aria-valuenow", "40");
    post({ v: 1, type: "loading.progress", payload: { progress: 1 } }, { source: frame.contentWindow });
    await waitFor(() => expect(screen.queryByRole("progressbar")).not.toBeInTheDocument());
  });
});
