import { act, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeIntersectionObserver } from "@test/intersection-observer";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderWithProviders,
  setUpScreenTests,
  signedOut,
  type MockRoute,
} from "@test/render-app";
import { ChatPanel } from "./chat-panel";
import { DeferredChatPanel } from "./deferred-chat-panel";

/** The chat widget opens a WebSocket: a stand-in that never connects and counts how often it was opened. */
class SilentWebSocket {
  static opened = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  readyState = 0;
  constructor() {
    SilentWebSocket.opened += 1;
  }
  send() {}
  close() {}
}

const never = () => new Promise<Response>(() => {});
const MESSAGE = {
  id: 1,
  message: "Hello from the chat",
  createdAt: "2026-01-01T10:00:00.000Z",
  user: { id: 5, username: "PixelPioneer", avatarUrl: null },
};

setUpScreenTests();
beforeEach(() => {
  SilentWebSocket.opened = 0;
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal("WebSocket", SilentWebSocket);
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
});

/** D73: the home page's chat (most of the page's own code) loads when it comes near the viewport or is reached for. */
describe("DeferredChatPanel", () => {
  it("shows the panel as it looks while loading, and asks for nothing, until it comes near the viewport", async () => {
    const fetch = mockApi([
      signedOut,
      noContent,
      ["GET", "/api/chat", () => jsonResponse([MESSAGE])],
    ] satisfies MockRoute[]);
    renderWithProviders(<DeferredChatPanel />);
    expect(screen.getAllByTestId("chat-skeleton")).toHaveLength(5);
    expect(screen.getByRole("log", { name: "Chat messages" })).toHaveAttribute("aria-busy", "true");
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain("/api/chat");
    expect(SilentWebSocket.opened).toBe(0);

    FakeIntersectionObserver.live()[0].comeNear();
    expect(await screen.findByText("Hello from the chat")).toBeInTheDocument();
    expect(SilentWebSocket.opened).toBe(1);
    expect(await screen.findByText("Sign in to chat")).toBeInTheDocument();
  });

  it("the placeholder has the markup of the panel itself while it loads (nothing moves when it takes over)", async () => {
    mockApi([["GET", "/api/auth/session", never], noContent, ["GET", "/api/chat", never]]);
    const { container: placeholder } = renderWithProviders(<DeferredChatPanel />);
    const { container: panel } = renderWithProviders(<ChatPanel />);
    await waitFor(() => expect(panel.querySelector("[data-live]")).not.toBeNull());
    expect(placeholder.innerHTML).toBe(panel.innerHTML);
  });
});
