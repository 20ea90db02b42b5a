import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderWithProviders, signedInAs, signedOut } from "@test/render-app";
import { GamePlayer } from "./game-player";

const game = {
  id: 5,
  title: "Neon Drift",
  imageUrl: "/uploads/neon.webp",
  frameUrl: "http://127.0.0.1:5001/game-frame/5/",
  externalUrl: null,
};
const play: Parameters<typeof mockApi>[0][number] = [
  "POST",
  "/api/games/5/play",
  () => jsonResponse({ plays: 10, playId: "p-1" }),
];

afterEach(() => vi.unstubAllGlobals());

/** The bodies (and keepalive flags) of every POST /api/presence, in order. */
const presenceCalls = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls
    .filter(([u, init]) => String(u) === "/api/presence" && init?.method === "POST")
    .map(([, init]) => ({
      ...(JSON.parse(String(init!.body)) as { gameId: number | null }),
      keepalive: init?.keepalive ?? false,
    }));

async function playSignedIn(presence: () => Response = () => new Response(null, { status: 204 })) {
  const fetch = mockApi([signedInAs({ id: 9, username: "neonfox" }), play, ["POST", "/api/presence", presence]]);
  const view = renderWithProviders(<GamePlayer game={game} />);
  await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u) === "/api/auth/session")).toBe(true));
  fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
  await screen.findByTitle("Neon Drift");
  return { fetch, ...view };
}

describe("GamePlayer presence (D84)", () => {
  it("reports nothing before Play Now, then {gameId} once the game starts", async () => {
    const fetch = mockApi([
      signedInAs({ id: 9, username: "neonfox" }),
      play,
      ["POST", "/api/presence", () => new Response(null, { status: 204 })],
    ]);
    renderWithProviders(<GamePlayer game={game} />);
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u) === "/api/auth/session")).toBe(true));
    expect(presenceCalls(fetch)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
    await screen.findByTitle("Neon Drift");
    await waitFor(() => expect(presenceCalls(fetch)).toEqual([{ gameId: 5, keepalive: false }]));
  });

  it("reports {gameId: null} (keepalive) when the player leaves the page in the app", async () => {
    const { fetch, unmount } = await playSignedIn();
    await waitFor(() => expect(presenceCalls(fetch)).toHaveLength(1));
    unmount();
    expect(presenceCalls(fetch)).toEqual([
      { gameId: 5, keepalive: false },
      { gameId: null, keepalive: true },
    ]);
  });

  it("reports {gameId: null} once when the tab closes (pagehide), and the game again when it comes back from the page cache", async () => {
    const { fetch, unmount } = await playSignedIn();
    await waitFor(() => expect(presenceCalls(fetch)).toHaveLength(1));
    window.dispatchEvent(new Event("pagehide"));
    const back = new Event("pageshow") as PageTransitionEvent;
    Object.defineProperty(back, "persisted", { value: true });
    window.dispatchEvent(back);
    unmount();
    expect(presenceCalls(fetch)).toEqual([
      { gameId: 5, keepalive: false },
      { gameId: null, keepalive: true },
      { gameId: 5, keepalive: false },
      { gameId: null, keepalive: true },
    ]);
  });

  // src/test/fail-on-console.ts fails the test if anything is logged with console.error.
  it("ignores a failed report: the game keeps running and nothing is logged as an error", async () => {
    const { fetch } = await playSignedIn(() => jsonResponse({ message: "Too many requests" }, { status: 429 }));
    await waitFor(() => expect(presenceCalls(fetch)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByTitle("Neon Drift")).toBeInTheDocument();
  });

  it("a signed-out player reports nothing", async () => {
    const fetch = mockApi([signedOut, play]);
    const { unmount } = renderWithProviders(<GamePlayer game={game} />);
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u) === "/api/auth/session")).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
    await screen.findByTitle("Neon Drift");
    unmount();
    expect(presenceCalls(fetch)).toEqual([]);
  });
});
