import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { NotificationItem } from "@contract/player-live";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderApp,
  setUpScreenTests,
  signedInAs,
  type MockRoute,
} from "@test/render-app";
import { badgeText } from "./notification-bell-button";
import { notificationText } from "./notification-text";

const at = "2026-11-20T10:00:00.000Z";
const item = (id: number, over: Partial<NotificationItem>): NotificationItem => ({
  id,
  kind: "announcement",
  createdAt: at,
  readAt: null,
  actor: null,
  game: null,
  text: null,
  link: null,
  ...over,
});

const items = [
  item(3, { kind: "friend_request", actor: { id: 9, username: "neonfox", avatarUrl: null }, link: "/friends" }),
  item(2, {
    kind: "score_beaten",
    actor: { id: 9, username: "neonfox", avatarUrl: null },
    game: { id: 4, title: "Snake" },
    text: "12500",
  }),
  item(1, { kind: "announcement", text: "Tournament on Friday!", readAt: at }),
];

const base: MockRoute[] = [
  signedInAs({ id: 1, username: "me" }),
  noContent,
  ["GET", /^\/api\/(games|categories)/, () => jsonResponse([])],
];

describe("notifications (D83, D85)", () => {
  setUpScreenTests();

  it("words every kind", () => {
    expect(items.map(notificationText)).toEqual([
      "neonfox sent you a friend request",
      "neonfox beat your best score on Snake with 12,500",
      "Tournament on Friday!",
    ]);
    expect(notificationText(item(5, { kind: "achievement", text: "First Steps" }))).toBe(
      "Achievement unlocked: First Steps",
    );
    expect(
      notificationText(item(6, { kind: "friend_accepted", actor: { id: 2, username: "bo", avatarUrl: null } })),
    ).toBe("bo accepted your friend request");
    // D90: a score the server sends already formatted (a time) reads as sent; no score, no "with"
    const beaten = (text: string | null) =>
      item(8, {
        kind: "score_beaten",
        actor: { id: 9, username: "neonfox", avatarUrl: null },
        game: { id: 4, title: "Drift" },
        text,
      });
    expect(notificationText(beaten("1:02.345"))).toBe("neonfox beat your best score on Drift with 1:02.345");
    expect(notificationText(beaten(null))).toBe("neonfox beat your best score on Drift");
    // D108: the staff's alert of a held score
    const turn = { kind: "room_turn", game: { id: 4, title: "Reversi" } } as const;
    expect(notificationText(item(10, { ...turn, actor: { id: 2, username: "bo", avatarUrl: null } }))).toBe(
      "Your turn in Reversi with bo",
    );
    expect(notificationText(item(11, { ...turn, text: "Guest 1234" }))).toBe("Your turn in Reversi with Guest 1234");
    expect(notificationText(item(9, { kind: "score_held", game: { id: 4, title: "Drift" } }))).toBe(
      "A score on Drift waits for a moderator",
    );
    expect(badgeText(7)).toBe("7");
    expect(badgeText(100)).toBe("99+");
  });

  it("the bell lists the newest with the unread count; 'Mark all as read' empties the badge and tells the server", async () => {
    const posted: unknown[] = [];
    mockApi([
      ...base,
      ["GET", "/api/notifications", () => jsonResponse({ unread: 2, items })],
      [
        "POST",
        "/api/notifications/read",
        ({ body }) => {
          posted.push(body);
          return jsonResponse({ unread: 0 });
        },
      ],
    ]);
    renderApp("/about");
    const bell = await screen.findByRole("button", { name: "Notifications (2 unread)" });
    fireEvent.keyDown(bell, { key: "Enter" });
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: /neonfox sent you a friend request/ })).toBeInTheDocument();
    expect(within(menu).getAllByText("Unread")).toHaveLength(2);
    fireEvent.click(within(menu).getByRole("button", { name: "Mark all as read" }));
    // (the open menu hides the rest of the page from assistive technology, hence `hidden`)
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Notifications", hidden: true })).toBeInTheDocument(),
    );
    expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument();
    expect(posted).toEqual([{}]);
  });

  it("/notifications shows the history; opening one marks it read", async () => {
    const posted: unknown[] = [];
    mockApi([
      ...base,
      ["GET", "/api/notifications", () => jsonResponse({ unread: 2, items })],
      [
        "POST",
        "/api/notifications/read",
        ({ body }) => {
          posted.push(body);
          return jsonResponse({ unread: 1 });
        },
      ],
    ]);
    renderApp("/notifications");
    expect(await screen.findByRole("heading", { level: 1, name: "Notifications" })).toBeInTheDocument();
    expect(await screen.findByText("2 unread")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /neonfox beat your best score on Snake/ }));
    await waitFor(() => expect(posted).toEqual([{ ids: [2] }]));
    expect(await screen.findByText("1 unread")).toBeInTheDocument();
  });
});
