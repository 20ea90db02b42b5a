import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { jsonResponse, mockApi, renderWithProviders } from "@test/render-app";
import { AdsTxtCard } from "./ads-txt-card";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};
const LABEL = "Lines of ads.txt";

function api(stored: string) {
  let body = stored;
  return mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    ["GET", "/api/admin/ads/ads-txt", () => jsonResponse({ body, updatedAt: null })],
    [
      "PUT",
      "/api/admin/ads/ads-txt",
      (req) => {
        body = (req.body as { body: string }).body;
        return jsonResponse({ body, updatedAt: "2026-12-07T18:00:00.000Z" });
      },
    ],
  ]);
}
const puts = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === "PUT").map(([, init]) => JSON.parse(String(init!.body)));

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("AdsTxtCard (D154)", () => {
  it("shows the stored ads.txt and saves an edit", async () => {
    const fetch = api("google.com, pub-1, DIRECT\n");
    renderWithProviders(<AdsTxtCard />, "/cms/settings");
    const field = await screen.findByLabelText(LABEL);
    expect(field).toHaveValue("google.com, pub-1, DIRECT\n");
    expect(screen.getByRole("link", { name: "Open /ads.txt" })).toHaveAttribute("href", "/ads.txt");
    fireEvent.change(field, { target: { value: "google.com, pub-1, DIRECT\ncontact=ads@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Save ads.txt" }));
    expect(await screen.findByText("ads.txt saved")).toBeInTheDocument();
    expect(puts(fetch)).toEqual([{ body: "google.com, pub-1, DIRECT\ncontact=ads@example.com" }]);
  });

  it("names the bad lines by the field, and sends nothing", async () => {
    const fetch = api("");
    renderWithProviders(<AdsTxtCard />, "/cms/settings");
    const field = await screen.findByLabelText(LABEL);
    expect(screen.queryByRole("link", { name: "Open /ads.txt" })).toBeNull();
    fireEvent.change(field, { target: { value: "# ok\ngoogle.com pub-1 DIRECT\nexample.com, 1, OWNER" } });
    fireEvent.click(screen.getByRole("button", { name: "Save ads.txt" }));
    const form = screen.getByRole("form", { name: "ads.txt" });
    expect(within(form).getByRole("alert")).toHaveTextContent(
      'Line 2: A record is: ad system domain, publisher id, DIRECT or RESELLER[, certification authority id]; Line 3: The third field is DIRECT or RESELLER, not "OWNER"',
    );
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveFocus();
    expect(puts(fetch)).toEqual([]);
  });
});
