import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "@/lib/format";
import type { AuditEntry } from "@contract/audit-constants";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests } from "@test/render-app";
import { CmsAuditLogScreen, startOfDay } from "./audit-log";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  actor: { id: 9, label: "admin", role: "admin" },
  action: "user.update",
  targetKind: "user",
  targetId: "5",
  before: { role: "player" },
  after: { role: "moderator" },
  ip: "203.0.113.7",
  createdAt: "2026-11-27T14:05:00.000Z",
  ...over,
});

/** GET /api/admin/audit: entries 100 down to 1, `limit` a page, as the server pages them (before = an id). */
function api() {
  const all = Array.from({ length: 60 }, (_, i) => entry(100 - i));
  return mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    [
      "GET",
      "/api/admin/audit",
      ({ url }) => {
        const before = Number(url.searchParams.get("before") ?? Infinity);
        const limit = Number(url.searchParams.get("limit"));
        const action = url.searchParams.get("action") ?? "";
        const matches = (e: AuditEntry) =>
          !action || (action.endsWith(".") ? e.action.startsWith(action) : e.action === action);
        const items = all.filter((e) => e.id < before && matches(e)).slice(0, limit);
        const more = all.some((e) => e.id < (items.at(-1)?.id ?? 0));
        return jsonResponse({ items, nextBefore: more ? items.at(-1)!.id : null });
      },
    ],
  ]);
}

const asked = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.map(([url]) => new URL(String(url), "http://x")).filter((u) => u.pathname === "/api/admin/audit");
const rows = () => screen.getAllByRole("row").slice(1);

setUpScreenTests();

describe("CmsAuditLogScreen (D99)", () => {
  it("lists the entries newest first: time, actor and role, action, target; a row opens to before and after as text", async () => {
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      [
        "GET",
        "/api/admin/audit",
        () =>
          jsonResponse({
            items: [
              entry(2, {
                actor: { id: 12, label: "molly", role: "moderator" },
                action: "report.action",
                targetKind: "report",
                targetId: "41",
                before: null,
                after: { action: "<b>mute</b>" },
              }),
              entry(1, {
                actor: { id: null, label: "x@example.com", role: null },
                action: "auth.login_failed",
                targetKind: null,
                targetId: null,
                before: null,
                after: null,
                ip: null,
              }),
              entry(0, { action: "admin.refused", targetKind: "route", targetId: "GET /api/admin/settings" }),
            ],
            nextBefore: null,
          }),
      ],
    ]);
    renderWithProviders(<CmsAuditLogScreen />, "/cms/audit-log");
    await screen.findByText("report.action");
    const [first, second] = rows();
    expect(first).toHaveTextContent(formatDateTime("2026-11-27T14:05:00.000Z"));
    expect(first).toHaveTextContent("molly");
    expect(within(first).getByText("moderator")).toBeInTheDocument();
    expect(first).toHaveTextContent("#12");
    expect(first).toHaveTextContent("report #41");
    expect(second).toHaveTextContent("x@example.com");
    expect(second).toHaveTextContent("auth.login_failed");
    expect(second).toHaveTextContent("—");
    // A key that is not a row's id is not written as one.
    expect(rows()[2]).toHaveTextContent("route GET /api/admin/settings");

    const show = within(first).getByRole("button", { name: /Show/ });
    expect(show).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(show);
    expect(show).toHaveAttribute("aria-expanded", "true");
    const details = document.getElementById(show.getAttribute("aria-controls")!)!;
    const [before, after] = within(details).getAllByText((_, el) => el?.tagName === "PRE");
    expect(before).toHaveTextContent("(nothing)");
    expect(after.textContent).toBe('{\n  "action": "<b>mute</b>"\n}');
    expect(after.querySelector("b")).toBeNull();
    expect(details).toHaveTextContent("From 203.0.113.7");
    fireEvent.click(show);
    expect(document.getElementById("audit-entry-2")).toBeNull();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("the filters build the query: an action family, the actor's id, the target kind and the first day; Clear undoes them", async () => {
    const fetch = api();
    renderWithProviders(<CmsAuditLogScreen />, "/cms/audit-log");
    await screen.findAllByText("user.update");
    expect(asked(fetch).at(-1)!.search).toBe("?limit=50");
    fireEvent.change(screen.getByLabelText("Action"), { target: { value: " game. " } });
    fireEvent.change(screen.getByLabelText("Actor id"), { target: { value: "1x2" } });
    expect(screen.getByLabelText("Actor id")).toHaveValue("12");
    fireEvent.change(screen.getByLabelText("Target kind"), { target: { value: "user" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-01" } });
    // Nothing is asked before Apply.
    expect(asked(fetch)).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(asked(fetch)).toHaveLength(2));
    const q = asked(fetch).at(-1)!.searchParams;
    expect(Object.fromEntries(q)).toEqual({
      action: "game.",
      actorId: "12",
      targetKind: "user",
      from: new Date(2026, 10, 1).toISOString(),
      limit: "50",
    });
    expect(q.get("from")).toBe(startOfDay("2026-11-01"));

    expect(await screen.findByText("No entries match these filters.")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.getByLabelText("Action")).toHaveValue("");
    expect(screen.getByLabelText("From")).toHaveValue("");
    await waitFor(() => expect(rows()).toHaveLength(50));
  });

  it("Load more asks for the entries before the last one shown, and is gone at the end", async () => {
    const fetch = api();
    renderWithProviders(<CmsAuditLogScreen />, "/cms/audit-log");
    await waitFor(() => expect(rows()).toHaveLength(50));
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(rows()).toHaveLength(60));
    expect(asked(fetch).at(-1)!.searchParams.get("before")).toBe("51");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});
