/**
 * GamePlayer and Arcadium.ads (D151): the page asks the server, shows the ad over the game, mutes the game meanwhile
 * and always answers; a fault is an answer without an ad, and a reloaded frame ends the ad at once.
 */
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { jsonResponse, mockApi, renderWithProviders, signedOut } from "@test/render-app";
import { GamePlayer } from "./game-player";

const GAMES_ORIGIN = "http://127.0.0.1:5001";
const game = {
  id: 5,
  title: "Neon Drift",
  imageUrl: "/uploads/neon.webp",
  frameUrl: `${GAMES_ORIGIN}/game-frame/5/`,
  externalUrl: null,
};
const HOUSE_AD = {
  show: true,
  placement: "next",
  ad: {
    provider: "house",
    id: 1,
    kind: "image",
    mediaUrl: "/uploads/images/a.webp",
    link: "https://ad.example/",
    title: "Space Race",
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
  if (vi.isMockFunction(console.warn)) vi.mocked(console.warn).mockRestore();
  localStorage.clear();
});

type Posted = MockInstance<(message: unknown, targetOrigin: string) => void>;

async function start(adsAnswer: () => Response) {
  const asked: unknown[] = [];
  mockApi([
    signedOut,
    ["POST", "/api/games/5/play", () => jsonResponse({ plays: 10, playId: "p-1" })],
    [
      "POST",
      "/api/games/5/ads",
      ({ body }) => {
        asked.push(body);
        return adsAnswer();
      },
    ],
  ]);
  renderWithProviders(<GamePlayer game={game} />);
  fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
  const frame = (await screen.findByTitle(game.title)) as HTMLIFrameElement;
  const toFrame = vi.spyOn(frame.contentWindow!, "postMessage").mockImplementation(() => {}) as unknown as Posted;
  const post = (data: unknown) =>
    act(() => {
      window.dispatchEvent(new MessageEvent("message", { data, origin: GAMES_ORIGIN, source: frame.contentWindow }));
    });
  return { frame, toFrame, post, asked };
}

async function replyTo(toFrame: Posted, id: string) {
  let found: unknown;
  await waitFor(() => {
    const call = toFrame.mock.calls.find(([m]) => (m as { id?: string }).id === id);
    expect(call).toBeDefined();
    found = call![0];
  });
  return found;
}
const posted = (toFrame: Posted) => toFrame.mock.calls.map(([m]) => m);

describe("GamePlayer ads", () => {
  it("answers no ad and no reward when the server fails: the game never waits on a fault", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { toFrame, post, asked } = await start(() => jsonResponse({ message: "boom" }, { status: 500 }));
    post({ v: 2, id: "b1", type: "ads.break", payload: { placement: "next" } });
    expect(await replyTo(toFrame, "b1")).toEqual({
      v: 2,
      id: "b1",
      ok: true,
      result: { shown: false, reason: "error" },
    });
    post({ v: 2, id: "r1", type: "ads.reward", payload: {} });
    expect(await replyTo(toFrame, "r1")).toEqual({ v: 2, id: "r1", ok: true, result: { granted: false } });
    expect(asked[0]).toEqual({ playId: "p-1", placement: "next", advertisingConsent: expect.any(Boolean) });
  });

  it("passes the server's no on, with its reason and the reward it grants", async () => {
    const { toFrame, post } = await start(() =>
      jsonResponse({ show: false, placement: "reward", reason: "school_mode", granted: true }),
    );
    post({ v: 2, id: "r1", type: "ads.reward", payload: {} });
    expect(await replyTo(toFrame, "r1")).toMatchObject({ ok: true, result: { granted: true } });
    expect(screen.queryByRole("dialog", { name: "Advertisement" })).toBeNull();
  });

  it("shows the ad over the game, tells the game it began and mutes it; a reload ends it at once", async () => {
    const { toFrame, post } = await start(() => jsonResponse(HOUSE_AD));
    post({ v: 2, id: "b1", type: "ads.break", payload: { placement: "next" } });
    const ad = await screen.findByRole("dialog", { name: "Advertisement" });
    expect(ad).toHaveTextContent(/Skip in 5 s/);
    expect(screen.getByRole("link", { name: "Space Race" })).toHaveAttribute("rel", "noopener noreferrer");
    expect(posted(toFrame)).toContainEqual({ v: 2, event: "adstart", payload: { id: "b1" } });
    expect(posted(toFrame)).toContainEqual({ v: 2, event: "mute", payload: { muted: true } });
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Advertisement" })).toBeNull());
    // the request is answered (to the old document, which a real reload has gone with)
    expect(await replyTo(toFrame, "b1")).toMatchObject({ ok: true });
  });

  it("refuses a malformed break without asking the server", async () => {
    const { toFrame, post, asked } = await start(() => jsonResponse(HOUSE_AD));
    post({ v: 2, id: "b1", type: "ads.break", payload: { placement: "midroll" } });
    expect(await replyTo(toFrame, "b1")).toMatchObject({ ok: false, error: { code: "invalid" } });
    expect(asked).toEqual([]);
  });
});
