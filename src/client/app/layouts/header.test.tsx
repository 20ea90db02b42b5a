import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
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

const emptyLists: MockRoute[] = [
  ["GET", /^\/api\/games/, () => jsonResponse([], { headers: { "X-Total-Count": "0" } })],
  ["GET", "/api/categories", () => jsonResponse([])],
  noContent,
];

function header() {
  return screen.getByRole("banner");
}

async function openMenu(name: string) {
  const trigger = await within(header()).findByRole("button", { name });
  fireEvent.keyDown(trigger, { key: "Enter" });
  return screen.findByRole("menu");
}

describe("Header", () => {
  setUpScreenTests();

  it("has the logo (site.name from content) and the four navigation links", async () => {
    mockApi([
      signedOut,
      ...emptyLists.slice(0, 2),
      [
        "GET",
        "/api/content",
        () => jsonResponse([{ section: "site", key: "name", value: "GameZone", valueType: "text" }]),
      ],
    ]);
    renderApp("/leaderboard");
    const nav = within(header()).getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["Categories", "/category/action"],
      ["New Games", "/category/new"],
      ["Leaderboards", "/leaderboard"],
    ]);
    expect(within(nav).getByRole("link", { name: "Leaderboards" })).toHaveAttribute("aria-current", "page");
    expect(await within(header()).findByRole("link", { name: "GameZone" })).toHaveAttribute("href", "/");
  });

  it("signed out: a Sign In link to /api/auth/login and a GU guest menu with Sign In and Register", async () => {
    mockApi([signedOut, ...emptyLists]);
    renderApp("/");
    const signIn = await within(header()).findByRole("link", { name: "Sign In" });
    expect(signIn.getAttribute("href")).toBe("/api/auth/login");
    expect(within(header()).queryByRole("button", { name: /Notifications/ })).not.toBeInTheDocument();

    expect(await within(header()).findByText("GU")).toBeInTheDocument();
    // WCAG 2.5.3: the name begins with the visible label, the initials.
    const menu = await openMenu("GU Guest account menu");
    expect(within(menu).getByRole("menuitem", { name: "Sign In" })).toHaveAttribute("href", "/api/auth/login");
    expect(within(menu).getByRole("menuitem", { name: "Register" })).toHaveAttribute(
      "href",
      "/api/auth/login?tab=register",
    );
  });

  it("keeps the current page as returnTo on Sign In", async () => {
    mockApi([signedOut, ...emptyLists]);
    renderApp("/leaderboard");
    expect(await within(header()).findByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/api/auth/login?returnTo=%2Fleaderboard",
    );
  });

  it("signed in: the bell shows the real unread count (D83), initials avatar and the account menu", async () => {
    mockApi([
      signedInAs({ id: 42, username: "neonfox" }),
      ...emptyLists,
      ["GET", "/api/notifications", () => jsonResponse({ unread: 2, items: [] })],
      ["GET", "/api/messages/unread", () => jsonResponse({ unread: 4 })],
    ]);
    renderApp("/");
    const bell = await within(header()).findByRole("button", { name: "Notifications (2 unread)" });
    expect(bell).toHaveTextContent("2");
    expect(within(header()).queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
    expect(await within(header()).findByText("NE")).toBeInTheDocument();

    const menu = await openMenu("NE Account menu for neonfox");
    expect(within(menu).getByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", "/profile/42");
    expect(within(menu).getByRole("menuitem", { name: "Friends" })).toHaveAttribute("href", "/friends");
    // D88: the messages waiting, counted beside the entry.
    await waitFor(() =>
      expect(within(menu).getByRole("menuitem", { name: /^Messages/ })).toHaveTextContent("Messages4 unread"),
    );
    expect(within(menu).getByRole("menuitem", { name: /^Messages/ })).toHaveAttribute("href", "/messages");
    // D86
    expect(within(menu).getByRole("menuitem", { name: "My Games" })).toHaveAttribute("href", "/me/games");
    expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/settings");
    expect(within(menu).getByRole("menuitem", { name: "Sign Out" })).toHaveAttribute("href", "/api/auth/logout");
  });

  it("signed in: a notification pushed on the live connection raises the bell's count and is toasted; chat events change nothing", async () => {
    const sockets: Array<{ onopen: (() => void) | null; onmessage: ((e: { data: string }) => void) | null }> = [];
    vi.stubGlobal(
      "WebSocket",
      class {
        static readonly CONNECTING = 0;
        readyState = 0;
        onopen: (() => void) | null = null;
        onmessage: ((e: { data: string }) => void) | null = null;
        onclose = null;
        constructor() {
          sockets.push(this);
        }
        close() {}
      },
    );
    mockApi([
      signedInAs({ id: 42, username: "neonfox" }),
      ...emptyLists,
      ["GET", "/api/notifications", () => jsonResponse({ unread: 0, items: [] })],
      ["GET", "/api/messages/unread", () => jsonResponse({ unread: 0 })],
    ]);
    renderApp("/about");
    await within(header()).findByRole("button", { name: "Notifications" });
    await waitFor(() => expect(sockets).toHaveLength(1));
    const push = (event: unknown) => act(() => sockets[0].onmessage?.({ data: JSON.stringify(event) }));
    act(() => sockets[0].onopen?.());
    push({
      type: "message",
      message: {
        id: 9,
        message: "hi",
        createdAt: "2026-01-01T00:00:00.000Z",
        user: { id: 3, username: "x", avatarUrl: null },
      },
    });
    const notification = {
      id: 7,
      kind: "announcement",
      createdAt: "2026-01-01T00:00:00.000Z",
      readAt: null,
      actor: null,
      game: null,
      text: "Server maintenance tonight",
      link: null,
    };
    push({ type: "notification", notification, unread: 1 });
    expect(await within(header()).findByRole("button", { name: "Notifications (1 unread)" })).toHaveTextContent("1");
    expect(await screen.findByText("Server maintenance tonight")).toBeInTheDocument();
  });

  it("keeps the query in returnTo, and the login screen passes its own returnTo on", async () => {
    mockApi([signedOut, ...emptyLists, ["GET", "/api/auth/providers", () => jsonResponse({ google: false })]]);
    const first = renderApp("/games?search=snake");
    expect(await within(header()).findByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/api/auth/login?returnTo=%2Fgames%3Fsearch%3Dsnake",
    );
    first.unmount();
    renderApp("/login?returnTo=%2Fgame%2F3");
    expect(await within(header()).findByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/api/auth/login?returnTo=%2Fgame%2F3",
    );
  });

  it("signed in with an avatar image: the initials stay as its fallback until it loads", async () => {
    mockApi([signedInAs({ id: 5, username: "pixelqueen", avatarUrl: "/uploads/avatar.webp" }), ...emptyLists]);
    renderApp("/");
    const trigger = await within(header()).findByRole("button", { name: "PI Account menu for pixelqueen" });
    // jsdom never loads images, so Radix keeps the fallback: the initials, first two letters upper case.
    expect(await within(trigger).findByText("PI")).toBeInTheDocument();
  });

  it("any failure of the current-user call (500, network) means signed out", async () => {
    mockApi([
      ["GET", "/api/auth/session", () => jsonResponse({ message: "Internal server error" }, { status: 500 })],
      ...emptyLists,
    ]);
    renderApp("/");
    expect(await within(header()).findByRole("link", { name: "Sign In" })).toBeInTheDocument();
    expect(within(header()).getByText("GU")).toBeInTheDocument();
  });

  it("treats a missing /api/auth/session endpoint (404) as signed out, without errors", async () => {
    mockApi([...emptyLists]); // no auth route: 404
    renderApp("/");
    expect(await within(header()).findByRole("link", { name: "Sign In" })).toBeInTheDocument();
  });

  it("the search box navigates to /games?search=… (D52)", async () => {
    mockApi([signedOut, ...emptyLists]);
    const { location } = renderApp("/");
    const box = within(header()).getAllByRole("searchbox", { name: "Quick search" })[0];
    fireEvent.change(box, { target: { value: "snake rush" } });
    fireEvent.submit(box.closest("form")!);
    expect(location.history?.at(-1)).toBe("/games?search=snake%20rush");
    expect(await screen.findByRole("heading", { level: 1, name: "All Games" })).toBeInTheDocument();
  });

  it("the mobile toggle reveals the links and a search box", async () => {
    mockApi([signedOut, ...emptyLists]);
    renderApp("/");
    const toggle = within(header()).getByRole("button", { name: "Toggle menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const mobile = screen.getByRole("navigation", { name: "Mobile" });
    expect(
      within(mobile)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Home", "Categories", "New Games", "Leaderboards"]);
    expect(within(document.getElementById("mobile-menu")!).getByRole("searchbox")).toBeInTheDocument();
    // navigating closes it
    fireEvent.click(within(mobile).getByRole("link", { name: "Leaderboards" }));
    await waitFor(() => expect(toggle).toHaveAttribute("aria-expanded", "false"));
  });

  it("gets its scrolled style after more than 10 px of scroll", () => {
    mockApi([signedOut, ...emptyLists]);
    renderApp("/");
    expect(header()).toHaveAttribute("data-scrolled", "false");
    act(() => {
      Object.defineProperty(window, "scrollY", { value: 10, configurable: true });
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header()).toHaveAttribute("data-scrolled", "false");
    act(() => {
      Object.defineProperty(window, "scrollY", { value: 11, configurable: true });
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header()).toHaveAttribute("data-scrolled", "true");
    expect(header().className).toContain("backdrop-blur");
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
  });
});
