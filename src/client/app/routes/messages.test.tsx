import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Conversation, DirectMessage, DirectMessageThread } from "@contract/direct-messages-constants";
import { DIRECT_MESSAGE_REFUSALS } from "@contract/direct-messages-constants";
import type { PlayerLiveEvent } from "@contract/player-live";
import { mutedMessage, REPORT_REASON_LABELS, REPORT_SENT } from "@contract/reports-constants";
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

/** D88: /messages and /messages/{userId}. */

// The live events reach the screens through features/messages/live.ts; the tests hand them events themselves.
const live = vi.hoisted(() => ({ handlers: new Set<(e: PlayerLiveEvent) => void>() }));
vi.mock("@/features/messages/live", () => ({
  onPlayerEvent: (handler: (e: PlayerLiveEvent) => void) => {
    live.handlers.add(handler);
    return () => live.handlers.delete(handler);
  },
}));
const emit = (event: PlayerLiveEvent) => live.handlers.forEach((h) => h(event));

const me = { id: 1, username: "ann" };
const bob = { id: 2, username: "bob", avatarUrl: null };
const cat = { id: 3, username: "cat", avatarUrl: null };
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const msg = (id: number, senderId: number, body: string, readAt: string | null = null): DirectMessage => ({
  id,
  senderId,
  body,
  createdAt: at(30 - id),
  readAt,
});

const conversations: Conversation[] = [
  { user: bob, lastMessage: { id: 12, body: "see you at the arcade", createdAt: at(5), fromMe: false }, unread: 2 },
  { user: cat, lastMessage: { id: 9, body: "gg", createdAt: at(180), fromMe: true }, unread: 0 },
];

function thread(messages: DirectMessage[], over: Partial<DirectMessageThread> = {}): DirectMessageThread {
  return { user: bob, messages, hasMore: false, canSend: true, cannotSendReason: null, ...over };
}

function routes(extra: MockRoute[] = [], list: () => Conversation[] = () => conversations): MockRoute[] {
  return [
    signedInAs(me),
    noContent,
    ["GET", "/api/messages", () => jsonResponse(list())],
    ["GET", "/api/messages/unread", () => jsonResponse({ unread: 2 })],
    ...extra,
  ];
}

setUpScreenTests();
beforeEach(() => live.handlers.clear());

describe("/messages (D88)", () => {
  it("lists conversations newest first with the last message, who wrote it and the unread count", async () => {
    mockApi(routes());
    renderApp("/messages");
    const list = await screen.findByRole("list", { name: "Conversations" });
    const rows = within(list).getAllByRole("link");
    expect(rows.map((r) => r.getAttribute("href"))).toEqual(["/messages/2", "/messages/3"]);
    expect(rows[0]).toHaveTextContent("bob");
    expect(rows[0]).toHaveTextContent("see you at the arcade");
    expect(rows[0]).toHaveTextContent("2 unread");
    expect(rows[0]).toHaveTextContent("5 minutes ago");
    expect(rows[1]).toHaveTextContent("You: gg");
    expect(rows[1]).not.toHaveTextContent("unread");
    await waitFor(() => expect(document.title).toBe("Messages - Arcadium"));
  });

  it("has an empty state that leads to the friends page", async () => {
    mockApi(routes([], () => []));
    renderApp("/messages");
    expect(await screen.findByRole("heading", { name: "No messages yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Friends" })).toHaveAttribute("href", "/friends");
  });

  it("asks a signed-out visitor to sign in and asks the API nothing", async () => {
    const api = mockApi([signedOut, noContent]);
    renderApp("/messages");
    expect(await screen.findByRole("heading", { name: "Sign in to see your messages" })).toBeInTheDocument();
    const links = screen.getAllByRole("link", { name: "Sign In" }).map((a) => a.getAttribute("href"));
    expect(links).toContain("/api/auth/login?returnTo=%2Fmessages");
    expect(api.mock.calls.some(([url]) => String(url).startsWith("/api/messages"))).toBe(false);
  });
});

describe("/messages/{userId} (D88)", () => {
  it("shows the conversation as bubbles (mine marked), the newest last, and sends with Enter", async () => {
    let messages = [msg(10, 2, "hi ann"), msg(11, 1, "hi bob", at(1)), msg(12, 2, "see you at the arcade")];
    const api = mockApi(
      routes([
        ["GET", "/api/messages/2", () => jsonResponse(thread(messages))],
        [
          "POST",
          "/api/messages/2",
          ({ body }) => {
            const sent = msg(13, 1, (body as { body: string }).body);
            messages = [...messages, sent];
            return jsonResponse(sent, { status: 201 });
          },
        ],
      ]),
    );
    renderApp("/messages/2");
    const log = await screen.findByRole("log", { name: "Messages" });
    await waitFor(() => expect(log.querySelectorAll("[data-message-id]")).toHaveLength(3));
    const items = [...log.querySelectorAll("[data-message-id]")];
    expect(items.map((li) => li.getAttribute("data-mine"))).toEqual([null, "true", null]);
    expect(items[2]).toHaveTextContent("see you at the arcade");
    expect(screen.getByRole("heading", { name: "bob" })).toBeInTheDocument();
    // Seen: my last message was read.
    expect(items[1]).toHaveTextContent("Seen");

    const box = screen.getByRole("textbox", { name: "Message bob" });
    fireEvent.change(box, { target: { value: "on my way " } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(log.querySelector('[data-message-id="13"]')).toHaveTextContent("on my way"));
    const post = api.mock.calls.find(([url, init]) => String(url) === "/api/messages/2" && init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ body: "on my way" });
  });

  it("loads older messages above with the id of the oldest shown", async () => {
    mockApi(
      routes([
        [
          "GET",
          "/api/messages/2",
          ({ url }) =>
            url.searchParams.get("before") === "20"
              ? jsonResponse(thread([msg(18, 2, "older one"), msg(19, 1, "older two")]))
              : jsonResponse(thread([msg(20, 2, "newest")], { hasMore: true })),
        ],
      ]),
    );
    renderApp("/messages/2");
    fireEvent.click(await screen.findByRole("button", { name: "Load older messages" }));
    const log = screen.getByRole("log", { name: "Messages" });
    await waitFor(() =>
      expect([...log.querySelectorAll("[data-message-id]")].map((li) => li.getAttribute("data-message-id"))).toEqual([
        "18",
        "19",
        "20",
      ]),
    );
    expect(screen.queryByRole("button", { name: "Load older messages" })).toBeNull();
  });

  it("refetches the conversation when the other player writes (direct-messages-changed)", async () => {
    let messages = [msg(10, 2, "first")];
    mockApi(routes([["GET", "/api/messages/2", () => jsonResponse(thread(messages))]]));
    renderApp("/messages/2");
    const log = await screen.findByRole("log", { name: "Messages" });
    await waitFor(() => expect(log).toHaveTextContent("first"));
    messages = [...messages, msg(11, 2, "second, live")];
    emit({ type: "direct-messages-changed", withUserId: 3 });
    emit({ type: "direct-messages-changed", withUserId: 2 });
    await waitFor(() => expect(log).toHaveTextContent("second, live"));
  });

  it("a former friend's conversation is readable but says why it cannot be written to", async () => {
    mockApi(
      routes([
        [
          "GET",
          "/api/messages/2",
          () =>
            jsonResponse(
              thread([msg(10, 2, "old times")], {
                canSend: false,
                cannotSendReason: DIRECT_MESSAGE_REFUSALS.notFriends,
              }),
            ),
        ],
      ]),
    );
    renderApp("/messages/2");
    expect(await screen.findByText("old times")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message bob" })).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent(DIRECT_MESSAGE_REFUSALS.notFriends);
  });

  it("shows the API's refusal of the conversation (403) and an unknown player (404)", async () => {
    mockApi(
      routes([
        [
          "GET",
          "/api/messages/2",
          () => jsonResponse({ message: DIRECT_MESSAGE_REFUSALS.notFriends }, { status: 403 }),
        ],
        ["GET", "/api/messages/99", () => jsonResponse({ message: "User not found" }, { status: 404 })],
      ]),
    );
    const app = renderApp("/messages/2");
    expect(await screen.findByRole("heading", { name: "You cannot see this conversation" })).toBeInTheDocument();
    expect(screen.getByText(DIRECT_MESSAGE_REFUSALS.notFriends)).toBeInTheDocument();
    app.unmount();
    renderApp("/messages/99");
    expect(await screen.findByRole("heading", { name: "Player not found" })).toBeInTheDocument();
  });

  it("blocks the player from the menu after a confirmation, then goes back to the list", async () => {
    const api = mockApi(
      routes([
        ["GET", "/api/messages/2", () => jsonResponse(thread([msg(10, 2, "hello")]))],
        ["POST", "/api/blocks/2", () => jsonResponse({ blocked: true }, { status: 201 })],
      ]),
    );
    const app = renderApp("/messages/2");
    const trigger = await screen.findByRole("button", { name: "Conversation options" });
    fireEvent.pointerDown(trigger, { button: 0, pointerType: "mouse" });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Block bob" }));
    const dialog = await screen.findByRole("dialog", { name: "Block bob?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Block" }));
    await waitFor(() => expect(app.location.history?.at(-1)).toBe("/messages"));
    expect(api.mock.calls.some(([url, init]) => String(url) === "/api/blocks/2" && init?.method === "POST")).toBe(true);
    // D97: a report is made of one message (beside it), not of the whole conversation from this menu.
    expect(screen.queryByRole("menuitem", { name: /report/i })).toBeNull();
  });

  it("D97: each message the other player sent has a report button, mine have none; it reports that message", async () => {
    const api = mockApi(
      routes([
        [
          "GET",
          "/api/messages/2",
          () =>
            jsonResponse(thread([msg(10, 2, "hi ann"), msg(11, 1, "hi bob", at(1)), msg(12, 2, "buy cheap coins")])),
        ],
        ["POST", "/api/reports", () => jsonResponse({ id: 4, message: REPORT_SENT }, { status: 201 })],
      ]),
    );
    renderApp("/messages/2");
    const log = await screen.findByRole("log", { name: "Messages" });
    await waitFor(() =>
      expect(within(log).getAllByRole("button", { name: "Report message from bob" })).toHaveLength(2),
    );
    expect(within(log.querySelector('[data-message-id="11"]') as HTMLElement).queryByRole("button")).toBeNull();

    fireEvent.click(
      within(log.querySelector('[data-message-id="12"]') as HTMLElement).getByRole("button", {
        name: "Report message from bob",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Report direct message" });
    fireEvent.click(within(dialog).getByRole("radio", { name: REPORT_REASON_LABELS.spam }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(REPORT_SENT)).toBeInTheDocument();
    const post = api.mock.calls.find(([url, init]) => String(url) === "/api/reports" && init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ kind: "message", targetId: 12, reason: "spam" });
  });

  it("D96: a muted player's refusal (403) shows under the box and the text stays", async () => {
    const muted = mutedMessage(new Date("2026-11-27T14:05:00Z"));
    mockApi(
      routes([
        ["GET", "/api/messages/2", () => jsonResponse(thread([msg(10, 2, "hello")]))],
        ["POST", "/api/messages/2", () => jsonResponse({ message: muted }, { status: 403 })],
      ]),
    );
    renderApp("/messages/2");
    const box = await screen.findByRole("textbox", { name: "Message bob" });
    fireEvent.change(box, { target: { value: "are you there?" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(await screen.findByRole("alert")).toHaveTextContent("You are muted until 2026-11-27 14:05 UTC");
    expect(box).toHaveValue("are you there?");
  });
});
