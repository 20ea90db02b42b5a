import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { chatTime } from "@/lib/format";
import type { ChatLiveEvent, ChatMessage } from "@contract/chat";
import { mutedMessage } from "@contract/reports-constants";
import { jsonResponse, mockApi, renderWithProviders, signedInAs, signedOut, type MockRoute } from "@test/render-app";
import { CHAT_RECONNECT } from "../use-chat-live";
import { ChatPanel } from "./chat-panel";

/** A stand-in for the browser WebSocket: tests open, push to and drop connections by hand. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  static last() {
    return FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
  }
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.(new Event("open"));
    });
  }
  push(event: ChatLiveEvent) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) }));
  }
  /** The server went away. */
  drop() {
    act(() => {
      this.readyState = 3;
      this.onclose?.({ code: 1006 });
    });
  }
  send() {}
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }
}

const ann = { id: 1, username: "ann", avatarUrl: null };
const bob = { id: 2, username: "bob", avatarUrl: null };
const at = "2025-05-15T21:05:00.000Z";
const msg = (id: number, text: string, user = ann): ChatMessage => ({ id, message: text, createdAt: at, user });

function chatRoutes(list: () => ChatMessage[], extra: MockRoute[] = []): MockRoute[] {
  return [["GET", "/api/chat", () => jsonResponse(list())], ...extra];
}

function countGets(fetch: ReturnType<typeof mockApi>, path: string) {
  return fetch.mock.calls.filter(([u, init]) => String(u) === path && (init?.method ?? "GET") === "GET").length;
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
  resetToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ChatPanel (spec §2, §4, §5; D35–D37)", () => {
  it("shows 5 skeleton rows while loading, then each message with avatar initials, username, h:mm AM/PM time and text", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockApi([
      signedOut,
      ["GET", "/api/chat", async () => (await gate, jsonResponse([msg(1, "hello there"), msg(2, "hi ann", bob)]))],
    ]);
    renderWithProviders(<ChatPanel />);
    const log = screen.getByRole("log", { name: "Chat messages" });
    expect(log).toHaveAttribute("aria-live", "polite");
    expect(within(log).getAllByTestId("chat-skeleton")).toHaveLength(5);
    release();
    expect(await within(log).findByText("hello there")).toBeInTheDocument();
    expect(within(log).getByText("hi ann")).toBeInTheDocument();
    expect(within(log).getByText("ann")).toBeInTheDocument();
    expect(within(log).getByText("AN")).toBeInTheDocument();
    expect(within(log).getByText("BO")).toBeInTheDocument();
    expect(within(log).getAllByText(chatTime(at))[0]).toBeInTheDocument();
    expect(chatTime(at)).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(log.className).toContain("max-h-[350px]");
  });

  it("signed out: 'Sign in to chat' with a Sign In button, and no input (D35)", async () => {
    mockApi([signedOut, ...chatRoutes(() => [msg(1, "visible to all")])]);
    renderWithProviders(<ChatPanel />);
    expect(await screen.findByText("Sign in to chat")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Chat message" })).not.toBeInTheDocument();
    expect(await screen.findByText("visible to all")).toBeInTheDocument();
  });

  it("signed in: Enter sends the trimmed message, clears the input and shows it; whitespace is never sent", async () => {
    const posted: unknown[] = [];
    const list = [msg(1, "welcome")];
    const fetch = mockApi([
      signedInAs(ann),
      ...chatRoutes(
        () => list,
        [
          [
            "POST",
            "/api/chat",
            ({ body }) => {
              posted.push(body);
              const m = msg(10, (body as { message: string }).message.trim());
              list.push(m);
              return jsonResponse(m, { status: 201 });
            },
          ],
        ],
      ),
    ]);
    renderWithProviders(<ChatPanel />);
    const input = await screen.findByRole("textbox", { name: "Chat message" });
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();

    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.submit(input.closest("form")!);
    expect(posted).toEqual([]);

    fireEvent.change(input, { target: { value: "  good game  " } });
    fireEvent.submit(input.closest("form")!);
    await waitFor(() => expect(input).toHaveValue(""));
    expect(posted).toEqual([{ message: "good game" }]);
    const log = screen.getByRole("log", { name: "Chat messages" });
    expect(await within(log).findByText("good game")).toBeInTheDocument();
    const postCall = fetch.mock.calls.find(([u, init]) => String(u) === "/api/chat" && init?.method === "POST");
    expect(postCall?.[1]?.body).toBe(JSON.stringify({ message: "good game" }));
  });

  it("a 429 tells the player to slow down; other failures are only logged and keep the text", async () => {
    let status = 429;
    mockApi([
      signedInAs(ann),
      ...chatRoutes(
        () => [],
        [
          [
            "POST",
            "/api/chat",
            () => jsonResponse({ message: "Too many" }, { status, headers: { "Retry-After": "7" } }),
          ],
        ],
      ),
    ]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderWithProviders(<ChatPanel />);
    const input = await screen.findByRole("textbox", { name: "Chat message" });
    fireEvent.change(input, { target: { value: "spam" } });
    fireEvent.submit(input.closest("form")!);
    expect(await screen.findByText("Slow down")).toBeInTheDocument();
    expect(input).toHaveValue("spam");
    expect(warn).not.toHaveBeenCalled();

    resetToasts();
    status = 500;
    fireEvent.submit(input.closest("form")!);
    await waitFor(() => expect(warn).toHaveBeenCalledWith("Failed to send chat message", expect.any(Error)));
    expect(screen.queryByText("Slow down")).not.toBeInTheDocument();
    expect(input).toHaveValue("spam");
    warn.mockRestore();
  });

  it("applies pushed messages (once) and deletions from the live channel", async () => {
    mockApi([signedOut, ...chatRoutes(() => [msg(1, "first")])]);
    renderWithProviders(<ChatPanel />);
    const log = screen.getByRole("log", { name: "Chat messages" });
    await within(log).findByText("first");
    const ws = FakeWebSocket.last();
    expect(ws.url).toBe(`ws://${window.location.host}/api/chat/live`);
    ws.open();
    ws.push({ type: "message", message: msg(2, "pushed", bob) });
    ws.push({ type: "message", message: msg(2, "pushed", bob) });
    expect(await within(log).findByText("pushed")).toBeInTheDocument();
    expect(within(log).getAllByText("pushed")).toHaveLength(1);
    ws.push({ type: "deleted", id: 1 });
    await waitFor(() => expect(within(log).queryByText("first")).not.toBeInTheDocument());
  });

  it("scrolls the list to the bottom whenever the messages change", async () => {
    mockApi([signedOut, ...chatRoutes(() => [msg(1, "first")])]);
    renderWithProviders(<ChatPanel />);
    const log = screen.getByRole("log", { name: "Chat messages" });
    // jsdom has no layout: give the list a height and a writable scroll position.
    let height = 500;
    Object.defineProperty(log, "scrollHeight", { configurable: true, get: () => height });
    Object.defineProperty(log, "scrollTop", { configurable: true, writable: true, value: 0 });
    await within(log).findByText("first");
    expect(log.scrollTop).toBe(500);
    log.scrollTop = 0;
    height = 800;
    FakeWebSocket.last().open();
    FakeWebSocket.last().push({ type: "message", message: msg(2, "second") });
    await within(log).findByText("second");
    expect(log.scrollTop).toBe(800);
  });

  it("reconnects with backoff after the connection drops and refetches once it is back", async () => {
    const saved = { ...CHAT_RECONNECT };
    CHAT_RECONNECT.initialMs = 20;
    try {
      const list = [msg(1, "before")];
      const fetch = mockApi([signedOut, ...chatRoutes(() => list)]);
      const { container } = renderWithProviders(<ChatPanel />);
      const log = screen.getByRole("log", { name: "Chat messages" });
      await within(log).findByText("before");
      FakeWebSocket.last().open();
      await waitFor(() => expect(container.querySelector("[data-live]")).toHaveAttribute("data-live", "open"));
      const getsBefore = countGets(fetch, "/api/chat");
      FakeWebSocket.last().drop();
      expect(await screen.findByText("Reconnecting to chat…")).toBeInTheDocument();
      // Sent while this page was away:
      list.push(msg(2, "while away", bob));
      await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
      FakeWebSocket.last().open();
      expect(await within(log).findByText("while away")).toBeInTheDocument();
      expect(countGets(fetch, "/api/chat")).toBeGreaterThan(getsBefore);
      expect(screen.queryByText("Reconnecting to chat…")).not.toBeInTheDocument();
    } finally {
      Object.assign(CHAT_RECONNECT, saved);
    }
  });

  it.each(["admin", "moderator"])("lets an %s delete a message (D96)", async (role) => {
    const fetch = mockApi([
      ["GET", "/api/auth/session", () => jsonResponse({ user: { ...ann, createdAt: at, role } })],
      ...chatRoutes(
        () => [msg(7, "rude", bob)],
        [["DELETE", "/api/admin/chat/7", () => new Response(null, { status: 204 })]],
      ),
    ]);
    renderWithProviders(<ChatPanel />);
    const log = screen.getByRole("log", { name: "Chat messages" });
    fireEvent.click(await within(log).findByRole("button", { name: "Delete message from bob" }));
    await waitFor(() => expect(within(log).queryByText("rude")).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([u, init]) => String(u) === "/api/admin/chat/7" && init?.method === "DELETE")).toBe(
      true,
    );
  });

  it("D96: a muted player's refusal (403) is shown under the input, the text is kept, and it goes once they type", async () => {
    const muted = mutedMessage(new Date("2026-11-27T14:05:00Z"));
    mockApi([
      signedInAs(ann),
      ...chatRoutes(() => [], [["POST", "/api/chat", () => jsonResponse({ message: muted }, { status: 403 })]]),
    ]);
    renderWithProviders(<ChatPanel />);
    const input = await screen.findByRole("textbox", { name: "Chat message" });
    fireEvent.change(input, { target: { value: "hello?" } });
    fireEvent.submit(input.closest("form")!);
    expect(await screen.findByRole("alert")).toHaveTextContent("You are muted until 2026-11-27 14:05 UTC");
    expect(input).toHaveAccessibleDescription(muted);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveValue("hello?");
    fireEvent.change(input, { target: { value: "hello" } });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows no delete buttons to players", async () => {
    mockApi([signedInAs(bob), ...chatRoutes(() => [msg(7, "hello", ann)])]);
    renderWithProviders(<ChatPanel />);
    await screen.findByText("hello");
    expect(screen.queryByRole("button", { name: /Delete message/ })).not.toBeInTheDocument();
  });
});

describe("ChatPanel: reports (D97)", () => {
  const renderReport = ({ id, author }: { id: number; author: string }) => (
    <button type="button">{`Report ${id} from ${author}`}</button>
  );

  it("offers a report on each message of someone else, never on the player's own", async () => {
    mockApi([signedInAs(ann), ...chatRoutes(() => [msg(1, "mine"), msg(2, "theirs", bob), msg(3, "mine again")])]);
    renderWithProviders(<ChatPanel renderReport={renderReport} />);
    const log = screen.getByRole("log", { name: "Chat messages" });
    expect(await within(log).findByRole("button", { name: "Report 2 from bob" })).toBeInTheDocument();
    expect(within(log).getAllByRole("button", { name: /^Report/ })).toHaveLength(1);
  });

  it("offers none to a signed-out visitor", async () => {
    mockApi([signedOut, ...chatRoutes(() => [msg(1, "hello", ann), msg(2, "hi", bob)])]);
    renderWithProviders(<ChatPanel renderReport={renderReport} />);
    expect(await screen.findByText("Sign in to chat")).toBeInTheDocument();
    expect(screen.getByText("hi")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Report/ })).not.toBeInTheDocument();
  });

  it("D98: while the admin has turned the chat off, shows so instead of the input (the messages stay readable)", async () => {
    mockApi([
      signedInAs(ann),
      [
        "GET",
        "/api/content",
        () => jsonResponse([{ section: "site", key: "chat_enabled", value: "false", valueType: "text" }]),
      ],
      ...chatRoutes(() => [msg(1, "earlier")]),
    ]);
    renderWithProviders(<ChatPanel />);
    expect(await screen.findByText("Chat is turned off on this site")).toBeInTheDocument();
    expect(screen.getByText("earlier")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Chat message" })).not.toBeInTheDocument();
  });
});
