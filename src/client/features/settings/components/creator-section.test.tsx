import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests } from "@test/render-app";
import { CreatorSection } from "./creator-section";

/** Settings → "Publish your games" (D130). */

const user = (role: "player" | "creator" | "moderator") => ({
  id: 3,
  username: "Pixel",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role,
});
const PENDING = {
  id: 8,
  about: "Puzzle games",
  link: "https://example.com/work",
  status: "pending",
  reason: null,
  createdAt: "2026-12-07T10:00:00.000Z",
  decidedAt: null,
};

setUpScreenTests();
beforeEach(() => resetToasts());

describe("CreatorSection (D130)", () => {
  it("sends a player's application and then shows it waiting", async () => {
    const fetch = mockApi([
      ["GET", "/api/me/creator-application", () => jsonResponse({ application: null })],
      ["POST", "/api/me/creator-application", () => jsonResponse(PENDING, { status: 201 })],
    ]);
    renderWithProviders(<CreatorSection user={user("player")} />);
    fireEvent.change(await screen.findByLabelText("What you make"), { target: { value: "Puzzle games" } });
    fireEvent.change(screen.getByLabelText("A link to your work"), { target: { value: "https://example.com/work" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("Waiting for an answer")).toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ about: "Puzzle games", link: "https://example.com/work" });
  });

  it("shows why the last application was declined, with the form to apply again", async () => {
    mockApi([
      [
        "GET",
        "/api/me/creator-application",
        () => jsonResponse({ application: { ...PENDING, status: "declined", reason: "Show us a game" } }),
      ],
    ]);
    renderWithProviders(<CreatorSection user={user("player")} />);
    expect(await screen.findByText(/declined: Show us a game/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Apply" })).toBeInTheDocument();
  });

  it("gives a creator the way to the studio, and shows nothing to a moderator", () => {
    mockApi([]);
    const { unmount } = renderWithProviders(<CreatorSection user={user("creator")} />);
    expect(screen.getByRole("link", { name: "Open the studio" })).toHaveAttribute("href", "/studio");
    unmount();
    renderWithProviders(<CreatorSection user={user("moderator")} />);
    expect(screen.queryByRole("heading", { name: "Publish your games" })).toBeNull();
  });
});
