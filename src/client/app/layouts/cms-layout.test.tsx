import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@test/render-app";

const ADMIN = { id: 9, username: "admin", avatarUrl: null, createdAt: "2025-01-01T00:00:00.000Z", role: "admin", email: "admin@example.com" };

afterEach(() => vi.unstubAllGlobals());

describe("CMS guard (D43)", () => {
  it.each(["/cms/dashboard", "/cms/games", "/cms/categories", "/cms/collections", "/cms/website-content", "/cms/users", "/cms/announcements", "/cms/settings"])(
    "%s returns to /cms when the admin lookup fails",
    async (path) => {
      mockApi([["GET", "/api/admin/user", () => jsonResponse({ message: "Not signed in" }, { status: 401 })]]);
      const { location } = renderApp(path);
      await waitFor(() => expect(location.history?.at(-1)).toBe("/cms"));
      expect(await screen.findByRole("heading", { name: "Admin Sign In" })).toBeInTheDocument();
    },
  );

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
    expect(screen.getByText("Coming soon")).toBeInTheDocument();
    expect(screen.getByText("Activity tracking coming soon")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Manage Games" })).toHaveAttribute("href", "/cms/games");
    expect(screen.getByRole("link", { name: "Manage Categories" })).toHaveAttribute("href", "/cms/categories");
    expect(location.history?.at(-1)).toBe("/cms/dashboard");
  });
});
