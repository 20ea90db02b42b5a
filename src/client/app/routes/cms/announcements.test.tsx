import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { jsonResponse, mockApi, renderWithProviders, type MockRequest } from "@test/render-app";
import { CmsAnnouncementsScreen } from "./announcements";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};

function api(post: (req: MockRequest) => Response = () => jsonResponse({ sent: 12 }, { status: 201 })) {
  return mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    ["POST", "/api/admin/announcements", post],
  ]);
}

const posts = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init!.body)) as { text: string; link?: string });
const textField = () => screen.getByLabelText("Announcement");
const linkField = () => screen.getByLabelText("Link (optional)");
const preview = () => screen.getByTestId("announcement-preview");

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("CmsAnnouncementsScreen (D85)", () => {
  it("counts the characters and previews the text as the bell shows it", () => {
    api();
    renderWithProviders(<CmsAnnouncementsScreen />, "/cms/announcements");
    expect(screen.getByText("0 / 500 characters")).toBeInTheDocument();
    fireEvent.change(textField(), { target: { value: "New games this week" } });
    expect(screen.getByText("19 / 500 characters")).toBeInTheDocument();
    expect(within(preview()).getByText("New games this week")).toBeInTheDocument();
    fireEvent.change(linkField(), { target: { value: "/games" } });
    expect(within(preview()).getByText("Opens /games")).toBeInTheDocument();
  });

  it("asks 'Send to every player?' and, once confirmed, sends {text, link} and toasts the number of players reached", async () => {
    const fetch = api();
    renderWithProviders(<CmsAnnouncementsScreen />, "/cms/announcements");
    fireEvent.change(textField(), { target: { value: "  Tournament on Friday  " } });
    fireEvent.change(linkField(), { target: { value: "/games/1" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Send to every player?")).toBeInTheDocument();
    expect(posts(fetch)).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Announcement sent to 12 players")).toBeInTheDocument();
    expect(posts(fetch)).toEqual([{ text: "Tournament on Friday", link: "/games/1" }]);
    // The form is emptied for the next one.
    await waitFor(() => expect(textField()).toHaveValue(""));
    expect(linkField()).toHaveValue("");
  });

  it("sends no link when the field is empty, and says 'player' for one", async () => {
    const fetch = api(() => jsonResponse({ sent: 1 }, { status: 201 }));
    renderWithProviders(<CmsAnnouncementsScreen />, "/cms/announcements");
    fireEvent.change(textField(), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Announcement sent to 1 player")).toBeInTheDocument();
    expect(posts(fetch)).toEqual([{ text: "Hello" }]);
  });

  it("Cancel in the confirmation sends nothing", async () => {
    const fetch = api();
    renderWithProviders(<CmsAnnouncementsScreen />, "/cms/announcements");
    fireEvent.change(textField(), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(posts(fetch)).toEqual([]);
    expect(textField()).toHaveValue("Hello");
  });

  it.each([
    ["an empty text", "   ", "", "Announcement", "Please write the announcement"],
    ["a text over 500 characters", "x".repeat(501), "", "Announcement", "An announcement is at most 500 characters"],
    [
      "a link off the site",
      "Hello",
      "https://example.com",
      "Link (optional)",
      "The link must be a path on this site, such as /games",
    ],
    [
      "a protocol-relative link",
      "Hello",
      "//example.com",
      "Link (optional)",
      "The link must be a path on this site, such as /games",
    ],
  ])("refuses %s by its field, without asking or sending", (_, text, link, label, message) => {
    const fetch = api();
    renderWithProviders(<CmsAnnouncementsScreen />, "/cms/announcements");
    fireEvent.change(textField(), { target: { value: text } });
    fireEvent.change(linkField(), { target: { value: link } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    const field = screen.getByLabelText(label);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveFocus();
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(posts(fetch)).toEqual([]);
  });

  it("shows the server's refusal (429) inline and keeps the text", async () => {
    api(() => jsonResponse({ message: "Too many announcements. Try again later." }, { status: 429 }));
    renderWithProviders(<CmsAnnouncementsScreen />, "/cms/announcements");
    fireEvent.change(textField(), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many announcements. Try again later.");
    expect(textField()).toHaveValue("Hello");
    expect(screen.queryByText(/Announcement sent/)).toBeNull();
  });
});
