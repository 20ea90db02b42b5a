import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderApp, type MockRoute } from "@test/render-app";
import { CMS_LINKS, cmsLanding, cmsLinksFor, mayOpen } from "./cms-layout";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};

afterEach(() => vi.unstubAllGlobals());

describe("CMS guard (D43)", () => {
  it.each([
    "/cms/dashboard",
    "/cms/games",
    "/cms/categories",
    "/cms/collections",
    "/cms/website-content",
    "/cms/users",
    "/cms/scores",
    "/cms/reports",
    "/cms/announcements",
    "/cms/settings",
    "/cms/audit-log",
  ])("%s returns to /cms when the admin lookup fails", async (path) => {
    mockApi([["GET", "/api/admin/user", () => jsonResponse({ message: "Not signed in" }, { status: 401 })]]);
    const { location } = renderApp(path);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/cms"));
    expect(await screen.findByRole("heading", { name: "Admin Sign In" })).toBeInTheDocument();
  });

  it("an admin stays and the dashboard shows the counts", async () => {
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      [
        "GET",
        "/api/admin/dashboard",
        () =>
          jsonResponse({
            counts: {
              games: 17,
              categories: 6,
              users: 3,
              admins: 1,
              reviews: 0,
              chatMessages: 0,
              scores: 0,
              contentItems: 0,
              contactMessages: 0,
              newsletterSubscriptions: 0,
              advertiserEnquiries: 0,
            },
          }),
      ],
    ]);
    const { location } = renderApp("/cms/dashboard");
    expect(await screen.findByText("17")).toBeInTheDocument();
    expect(screen.getByText("6")).toBeInTheDocument();
    // D134: players online now and the site's numbers in place of the placeholders (routes/cms/dashboard.test.tsx)
    expect(screen.getByText("Players online now")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "The whole site, per day" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Manage Games" })).toHaveAttribute("href", "/cms/games");
    expect(screen.getByRole("link", { name: "Manage Categories" })).toHaveAttribute("href", "/cms/categories");
    expect(location.history?.at(-1)).toBe("/cms/dashboard");
  });
});

const MODERATOR = { ...ADMIN, id: 12, username: "molly", role: "moderator", email: "molly@example.com" };
const QUEUE = { open: 3, items: [] };
const ALL_LABELS = CMS_LINKS.map((l) => l.label);

const navLinks = () =>
  within(screen.getByRole("navigation", { name: "Admin" }))
    .getAllByRole("link")
    .map((a) => a.textContent);

/** The CMS as `who` sees it; every admin-only read answers 403 as the server does for a moderator (D96). */
function cmsAs(who: typeof ADMIN, extra: MockRoute[] = []) {
  return mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(who)],
    ["GET", "/api/admin/reports", () => jsonResponse(QUEUE)],
    ...extra,
    [
      "GET",
      "/api/admin/two-step",
      () => jsonResponse({ enabled: false, required: false, mustEnrol: false, recoveryCodesLeft: 0 }),
    ],
    [
      "GET",
      /^\/api\/admin\//,
      () => jsonResponse({ message: "Admins only" }, { status: who.role === "admin" ? 404 : 403 }),
    ],
  ]);
}

describe("CMS roles (D96): one list of screens for the nav, the landing and the guard", () => {
  it("the list: an admin may open every screen, a moderator only the reports; each lands on their first", () => {
    expect(cmsLinksFor("admin").map((l) => l.label)).toEqual(ALL_LABELS);
    expect(ALL_LABELS).toEqual(expect.arrayContaining(["Reports", "Audit log"]));
    // Every staff member has their own two-step sign-in screen
    expect(cmsLinksFor("moderator").map((l) => l.href)).toEqual(["/cms/reports", "/cms/two-step"]);
    expect(cmsLanding("admin")).toBe("/cms/dashboard");
    expect(cmsLanding("moderator")).toBe("/cms/reports");
    expect(mayOpen("moderator", "/cms/audit-log")).toBe(false);
    expect(mayOpen("moderator", "/cms/users")).toBe(false);
    expect(mayOpen("moderator", "/cms/scores")).toBe(false);
    expect(mayOpen("admin", "/cms/scores")).toBe(true);
    expect(mayOpen("admin", "/cms/audit-log")).toBe(true);
  });

  it("a moderator's nav shows Reports (with the open count) and nothing of the admins'", async () => {
    cmsAs(MODERATOR);
    renderApp("/cms/reports");
    expect(await screen.findByRole("heading", { name: "Reports", level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(navLinks()).toEqual(["Main Site", "Reports3 open", "Two-step sign-in"]));
    expect(screen.getByText(/Signed in as/)).toHaveTextContent("Signed in as molly@example.com");
    expect(screen.getByText("Moderator account")).toBeInTheDocument();
  });

  it("an admin's nav shows every section, Reports and Audit log included", async () => {
    cmsAs(ADMIN);
    renderApp("/cms/reports");
    await waitFor(() =>
      expect(navLinks()).toEqual(["Main Site", ...ALL_LABELS.map((l) => (l === "Reports" ? "Reports3 open" : l))]),
    );
  });

  it("the phone menu lists only what a moderator may use", async () => {
    cmsAs(MODERATOR);
    renderApp("/cms/reports");
    await screen.findByRole("heading", { name: "Reports", level: 1 });
    const menu = screen.getByRole("button", { name: "Admin menu" });
    fireEvent.pointerDown(menu, { button: 0, pointerType: "mouse" });
    await waitFor(() =>
      expect(screen.getAllByRole("menuitem").map((i) => i.textContent)).toEqual([
        "Main Site",
        "Reports3 open",
        "Two-step sign-in",
      ]),
    );
  });

  it.each([
    "/cms/users",
    "/cms/scores",
    "/cms/dashboard",
    "/cms/settings",
    "/cms/audit-log",
    "/cms/feeds",
    "/cms/feeds/7",
    "/cms/feeds/inbox",
  ])(
    "a moderator on %s sees 'This section is for administrators' and a way to the reports, and nothing of the screen is asked for",
    async (path) => {
      const fetch = cmsAs(MODERATOR);
      const { location } = renderApp(path);
      expect(await screen.findByRole("heading", { name: "This section is for administrators" })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Go to Reports" })).toHaveAttribute("href", "/cms/reports");
      expect(location.history?.at(-1)).toBe(path);
      const asked = fetch.mock.calls.map(([url]) => new URL(String(url), "http://x").pathname);
      expect(
        asked.filter(
          (p) =>
            p.startsWith("/api/admin/") &&
            p !== "/api/admin/user" &&
            p !== "/api/admin/reports" &&
            p !== "/api/admin/two-step",
        ),
      ).toEqual([]);
      fireEvent.click(screen.getByRole("link", { name: "Go to Reports" }));
      expect(await screen.findByRole("heading", { name: "Reports", level: 1 })).toBeInTheDocument();
    },
  );

  it("an admin on /cms/audit-log sees the log, not the refusal", async () => {
    cmsAs(ADMIN, [["GET", "/api/admin/audit", () => jsonResponse({ items: [], nextBefore: null })]]);
    renderApp("/cms/audit-log");
    expect(await screen.findByText("Nothing has been logged yet.")).toBeInTheDocument();
    expect(screen.queryByText("This section is for administrators")).toBeNull();
  });

  it("an admin on a feed's inbox sees it under Feeds in the nav (D110)", async () => {
    cmsAs(ADMIN, [
      ["GET", "/api/admin/feeds", () => jsonResponse({ feeds: [] })],
      ["GET", "/api/admin/feed-items", () => jsonResponse({ items: [] }, { headers: { "X-Total-Count": "0" } })],
    ]);
    renderApp("/cms/feeds/inbox?feedId=3");
    expect(await screen.findByRole("heading", { name: "Inbox", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText("No items match these filters.")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Admin" });
    await waitFor(() => expect(within(nav).getByRole("link", { current: "page" })).toHaveTextContent("Feeds"));
  });

  it("a moderator's sign-in at /cms lands on the reports", async () => {
    let signedIn = false;
    cmsAs(MODERATOR, [
      ["POST", "/api/admin/request-otp", () => jsonResponse({ otpSecret: "c1", message: "sent", otp: "123456" })],
      [
        "POST",
        "/api/admin/verify-otp",
        () => {
          signedIn = true;
          return jsonResponse({ user: MODERATOR, message: "Login successful" });
        },
      ],
    ]);
    const { location } = renderApp("/cms");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "molly@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    fireEvent.click(await screen.findByRole("button", { name: "Verify & Sign In" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/cms/reports"));
    expect(signedIn).toBe(true);
    expect(await screen.findByRole("heading", { name: "Reports", level: 1 })).toBeInTheDocument();
  });
});

describe("two-step sign-in required (issue 17, D106)", () => {
  it("a staff member who has not set it up is sent to the set-up walk-through, whatever they open, and the nav offers only it", async () => {
    cmsAs(ADMIN, [
      [
        "GET",
        "/api/admin/two-step",
        () => jsonResponse({ enabled: false, required: true, mustEnrol: true, recoveryCodesLeft: 0 }),
      ],
    ]);
    const { location } = renderApp("/cms/dashboard");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/cms/two-step"));
    expect(await screen.findByRole("heading", { name: "Two-step sign-in", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Set up two-step sign-in to continue" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Set up an authenticator app" })).toBeInTheDocument();
    expect(
      within(screen.getByRole("navigation", { name: "Admin" }))
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Main Site", "Two-step sign-in"]);
  });
});
