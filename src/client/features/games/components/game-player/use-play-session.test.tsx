import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { jsonResponse, mockApi } from "@test/render-app";
import { PLAY_SESSION_MAX_AGE_MS, usePlaySession } from "./use-play-session";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderSessions(started: { playId: string } | undefined) {
  const fetch = mockApi([["POST", "/api/games/5/play", () => jsonResponse({ plays: 11, playId: "p-new" })]]);
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => usePlaySession(5, started), { wrapper });
  const playCalls = () =>
    fetch.mock.calls.filter(([u, init]) => String(u) === "/api/games/5/play" && init?.method === "POST").length;
  return { sessions: () => result.current.sessions, playCalls };
}

// The component tests cover a used session; its age (D23's 6 hours) is only reachable with a moved clock.
describe("usePlaySession: a session older than PLAY_SESSION_MAX_AGE_MS is replaced (D23)", () => {
  it("a round keeps the open session while it is young, and gets a new one once it is too old", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { sessions, playCalls } = renderSessions({ playId: "p-1" });
    expect(await sessions().forRound()?.playId).toBe("p-1");
    expect(await sessions().currentPlayId()).toBe("p-1");

    vi.setSystemTime(Date.now() + PLAY_SESSION_MAX_AGE_MS + 1);
    expect(sessions().currentPlayId()).toBeNull();
    expect(await sessions().forRound()?.playId).toBe("p-new");
    await waitFor(() => expect(playCalls()).toBe(1));
  });

  it("a score after the session grew too old belongs to a new one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { sessions, playCalls } = renderSessions({ playId: "p-1" });
    vi.setSystemTime(Date.now() + PLAY_SESSION_MAX_AGE_MS + 1);
    const session = sessions().forScore();
    expect(session.used).toBe(true);
    expect(await session.playId).toBe("p-new");
    expect(playCalls()).toBe(1);
  });

  it("without a session, a round has none and a score opens one", async () => {
    const { sessions, playCalls } = renderSessions(undefined);
    expect(sessions().forRound()).toBeNull();
    expect(await sessions().forScore().playId).toBe("p-new");
    expect(playCalls()).toBe(1);
  });
});
