import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { formatDateTime } from "@/lib/format";
import type { AdminUserRow } from "@contract/admin/users";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests } from "@test/render-app";
import { CmsUsersScreen } from "./users";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};
const MUTED_UNTIL = "2099-11-27T14:05:00.000Z";

const row = (id: number, username: string, over: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id,
  username,
  email: `${username}@example.com`,
  avatarUrl: null,
  role: "player",
  disabled: false,
  mutedUntil: null,
  hiddenFromBoards: false,
  createdAt: "2025-01-01T00:00:00.000Z",
  reviewCount: 0,
  chatCount: 0,
  scoreCount: 0,
  ...over,
});

/** The users API with its rows in memory, so that a change is read back. */
function api(rows: AdminUserRow[]) {
  let users = rows;
  const patchRow = (id: number, patch: Partial<AdminUserRow>) => {
    users = users.map((u) => (u.id === id ? { ...u, ...patch } : u));
    return users.find((u) => u.id === id)!;
  };
  return mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    ["GET", "/api/admin/users", () => jsonResponse(users)],
    [
      "PATCH",
      /^\/api\/admin\/users\/\d+$/,
      ({ url, body }) => jsonResponse(patchRow(Number(url.pathname.split("/").at(-1)), body as Partial<AdminUserRow>)),
    ],
    [
      "POST",
      /^\/api\/admin\/moderation\/mutes\/\d+$/,
      ({ url }) => {
        const userId = Number(url.pathname.split("/").at(-1));
        patchRow(userId, { mutedUntil: MUTED_UNTIL });
        return jsonResponse({ userId, mutedUntil: MUTED_UNTIL, step: 1 });
      },
    ],
    [
      "DELETE",
      /^\/api\/admin\/moderation\/mutes\/\d+$/,
      ({ url }) => {
        patchRow(Number(url.pathname.split("/").at(-1)), { mutedUntil: null });
        return new Response(null, { status: 204 });
      },
    ],
  ]);
}

const writes = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method && init.method !== "GET")
    .map(([url, init]) => [init!.method, String(url), init!.body ? JSON.parse(String(init!.body)) : undefined]);
/** A row's button "Mute" + the name (read out by screen readers; jsdom's name leaves out the space). */
const named = (verb: string, name: string) => new RegExp(`^${verb}\\s*${name}$`);
const rowOf = (name: string) => screen.findByRole("row", { name: new RegExp(`\\b${name}@example\\.com`) });

setUpScreenTests();
beforeEach(() => resetToasts());

describe("CmsUsersScreen (D47, D96)", () => {
  it("filters the list by role (D130)", async () => {
    const fetch = api([row(1, "admin", { role: "admin" }), row(2, "bob")]);
    renderWithProviders(<CmsUsersScreen />, "/cms/users");
    await rowOf("bob");
    fireEvent.click(screen.getByRole("combobox", { name: "Show users with the role" }));
    fireEvent.click(await screen.findByRole("option", { name: "Creators" }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain("/api/admin/users?role=creator"),
    );
  });

  it("the Applications view lists a pending application and approves it (D130)", async () => {
    const application = {
      id: 5,
      about: "Puzzle games",
      link: "https://example.com/work",
      status: "pending",
      reason: null,
      createdAt: "2026-12-01T10:00:00.000Z",
      decidedAt: null,
      user: { id: 2, username: "bob", avatarUrl: null, role: "player" },
    };
    const fetch = mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      ["GET", "/api/admin/users", () => jsonResponse([])],
      ["GET", "/api/admin/creator-applications", () => jsonResponse([application])],
      ["POST", "/api/admin/creator-applications/5/approve", () => jsonResponse({ userId: 2, status: "approved" })],
    ]);
    renderWithProviders(<CmsUsersScreen />, "/cms/users");
    fireEvent.click(screen.getByRole("button", { name: "Applications" }));
    const item = await screen.findByRole("listitem", { name: "Application from bob" });
    expect(within(item).getByText("Puzzle games")).toBeInTheDocument();
    expect(within(item).getByRole("link", { name: "https://example.com/work" })).toHaveAttribute(
      "rel",
      "noopener noreferrer nofollow",
    );
    fireEvent.click(within(item).getByRole("button", { name: /^Approve\s*bob$/ }));
    expect(await screen.findByText("bob is a creator now")).toBeInTheDocument();
    expect(writes(fetch)).toEqual([["POST", "/api/admin/creator-applications/5/approve", {}]]);
  });

  it("the role select offers Player, Creator, Moderator and Admin, and sends 'moderator'", async () => {
    const fetch = api([row(1, "admin", { role: "admin" }), row(2, "bob")]);
    renderWithProviders(<CmsUsersScreen />, "/cms/users");
    const bob = await rowOf("bob");
    fireEvent.click(within(bob).getByRole("combobox", { name: "Role of bob" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Player", "Creator", "Moderator", "Admin"]);
    fireEvent.click(screen.getByRole("option", { name: "Moderator" }));
    expect(await screen.findByText("bob is now a moderator")).toBeInTheDocument();
    expect(writes(fetch)).toEqual([["PATCH", "/api/admin/users/2", { role: "moderator" }]]);
    await waitFor(() =>
      expect(within(bob).getByRole("combobox", { name: "Role of bob" })).toHaveTextContent("Moderator"),
    );
  });

  it("a moderator's row reads Moderator, and can be made a player again", async () => {
    const fetch = api([row(1, "admin", { role: "admin" }), row(3, "molly", { role: "moderator" })]);
    renderWithProviders(<CmsUsersScreen />, "/cms/users");
    const molly = await rowOf("molly");
    expect(within(molly).getByRole("combobox", { name: "Role of molly" })).toHaveTextContent("Moderator");
    fireEvent.click(within(molly).getByRole("combobox", { name: "Role of molly" }));
    fireEvent.click(await screen.findByRole("option", { name: "Player" }));
    expect(await screen.findByText("molly is now a player")).toBeInTheDocument();
    expect(writes(fetch)).toEqual([["PATCH", "/api/admin/users/3", { role: "player" }]]);
  });

  it("Mute gives the next mute and shows 'Muted until …'; Unmute ends it", async () => {
    const fetch = api([row(1, "admin", { role: "admin" }), row(2, "bob")]);
    renderWithProviders(<CmsUsersScreen />, "/cms/users");
    const bob = await rowOf("bob");
    expect(within(bob).queryByText(/Muted until/)).toBeNull();
    fireEvent.click(within(bob).getByRole("button", { name: named("Mute", "bob") }));
    expect(await screen.findByText(`bob is muted until ${formatDateTime(MUTED_UNTIL)}`)).toBeInTheDocument();
    expect(await within(bob).findByText(`Muted until ${formatDateTime(MUTED_UNTIL)}`)).toBeInTheDocument();
    fireEvent.click(within(bob).getByRole("button", { name: named("Unmute", "bob") }));
    expect(await screen.findByText("bob is no longer muted")).toBeInTheDocument();
    await waitFor(() => expect(within(bob).queryByText(/Muted until/)).toBeNull());
    expect(writes(fetch)).toEqual([
      ["POST", "/api/admin/moderation/mutes/2", {}],
      ["DELETE", "/api/admin/moderation/mutes/2", {}],
    ]);
  });

  it("a mute already over is not shown, and an admin cannot mute themself", async () => {
    api([row(9, "admin", { role: "admin" }), row(2, "bob", { mutedUntil: "2001-01-01T00:00:00.000Z" })]);
    renderWithProviders(<CmsUsersScreen />, "/cms/users");
    const bob = await rowOf("bob");
    expect(within(bob).queryByText(/Muted until/)).toBeNull();
    expect(within(bob).getByRole("button", { name: named("Mute", "bob") })).toBeEnabled();
    expect(within(await rowOf("admin")).getByRole("button", { name: named("Mute", "admin") })).toBeDisabled();
  });

  it("Hide from boards sends {hiddenFromBoards: true} and shows the badge; Show on boards sends false (D93)", async () => {
    const fetch = api([row(1, "admin", { role: "admin" }), row(2, "bob")]);
    renderWithProviders(<CmsUsersScreen />, "/cms/users");
    const bob = await rowOf("bob");
    expect(within(bob).queryByText("Hidden from boards")).toBeNull();
    fireEvent.click(within(bob).getByRole("button", { name: named("Hide from boards", "bob") }));
    expect(await screen.findByText("bob is hidden from the boards")).toBeInTheDocument();
    expect(await within(bob).findByText("Hidden from boards")).toBeInTheDocument();
    fireEvent.click(within(bob).getByRole("button", { name: named("Show on boards", "bob") }));
    expect(await screen.findByText("bob is shown on the boards again")).toBeInTheDocument();
    await waitFor(() => expect(within(bob).queryByText("Hidden from boards")).toBeNull());
    expect(writes(fetch)).toEqual([
      ["PATCH", "/api/admin/users/2", { hiddenFromBoards: true }],
      ["PATCH", "/api/admin/users/2", { hiddenFromBoards: false }],
    ]);
  });
});
