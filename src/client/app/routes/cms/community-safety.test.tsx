import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { jsonResponse, mockApi, renderWithProviders } from "@test/render-app";
import { CmsSettingsScreen } from "./settings";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};
const item = (id: number, key: string, value: string) => ({
  id,
  section: "site",
  key,
  value,
  valueType: "text",
  updatedAt: "2025-01-01T00:00:00.000Z",
});
type Item = ReturnType<typeof item>;
const settings = (content: Item[]) => ({
  content,
  mail: { configured: false, from: "Arcadium <no-reply@localhost>" },
  google: { configured: false },
});

/** The screen's API with the site.* items in memory (a PATCH and school mode are read back). */
function api(initial: Item[]) {
  let content = initial;
  const put = (site: Record<string, string>) => {
    content = [
      ...content.filter((i) => !(i.key in site)),
      ...Object.entries(site).map(([k, v], n) => item(100 + n, k, v)),
    ];
  };
  return mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    ["GET", "/api/admin/settings", () => jsonResponse(settings(content))],
    [
      "GET",
      "/api/admin/messages",
      () => jsonResponse({ contactMessages: [], newsletterSubscriptions: [], advertiserEnquiries: [] }),
    ],
    ["GET", "/api/content", () => jsonResponse([])],
    [
      "PATCH",
      "/api/admin/settings",
      (req) => {
        put((req.body as { site: Record<string, string> }).site);
        return jsonResponse(settings(content));
      },
    ],
    [
      "POST",
      "/api/admin/settings/school-mode",
      () => {
        put({
          chat_enabled: "false",
          direct_messages: "false",
          registration: "invite",
          invite_code: "abcd2345ef",
          default_profile_visibility: "private",
        });
        return jsonResponse({ inviteCode: "abcd2345ef", profilesMadePrivate: 12 });
      },
    ],
  ]);
}

const requests = (fetch: ReturnType<typeof mockApi>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null }));

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("CmsSettingsScreen: Community safety (D98)", () => {
  it("shows the stored lists and switches, keeps them out of the Site form, and saves them in one request", async () => {
    const fetch = api([
      item(1, "name", "Arcadium"),
      item(2, "tagline", "Play"),
      item(3, "filter_block", "bad"),
      item(4, "chat_links", "true"),
    ]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    const block = await screen.findByLabelText("Blocked words");
    expect(block).toHaveValue("bad");
    expect(screen.getByRole("switch", { name: "Allow links in chat" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("switch", { name: "Public chat" })).toHaveAttribute("aria-checked", "true");
    // the Site form does not list them as other text items
    expect(screen.queryByLabelText("filter_block")).toBeNull();
    expect(screen.queryByLabelText("chat_links")).toBeNull();

    fireEvent.change(block, { target: { value: "bad\nworse" } });
    fireEvent.change(screen.getByLabelText("Masked words"), { target: { value: "darn" } });
    fireEvent.click(screen.getByRole("switch", { name: "Public chat" }));
    // D115: school mode is off on a fresh install, and hides games with their own ads once on
    const adGames = "In school mode, hide games from sources that carry their own ads";
    expect(screen.getByRole("switch", { name: "School mode" })).toHaveAttribute("aria-checked", "false");
    expect(screen.getByRole("switch", { name: adGames })).toHaveAttribute("aria-checked", "true");
    fireEvent.click(screen.getByRole("switch", { name: adGames }));
    fireEvent.click(screen.getByRole("radio", { name: "Invite code only" }));
    // invite-only needs a code
    fireEvent.click(screen.getByRole("button", { name: "Save Community Safety" }));
    expect(await screen.findByText("An invite-only site needs an invite code")).toBeInTheDocument();
    expect(requests(fetch, "PATCH")).toEqual([]);
    fireEvent.change(screen.getByLabelText("Invite code"), { target: { value: "class-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Community Safety" }));
    expect(await screen.findByText("Community safety saved")).toBeInTheDocument();
    expect(requests(fetch, "PATCH").map((r) => r.body)).toEqual([
      {
        site: {
          filter_block: "bad\nworse",
          filter_mask: "darn",
          chat_enabled: "false",
          chat_links: "true",
          registration: "invite",
          invite_code: "class-2026",
          staff_two_step_required: "false",
          school_mode: "false",
          school_hides_ad_games: "false",
        },
      },
    ]);
  });

  it("school mode asks first, says existing profiles become private, then shows the new invite code", async () => {
    const fetch = api([item(1, "name", "Arcadium"), item(2, "tagline", "Play")]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    fireEvent.click(await screen.findByRole("button", { name: "School mode" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(/existing players included/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requests(fetch, "POST")).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "School mode" }));
    fireEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Turn On School Mode" }),
    );
    expect(await screen.findByText("School mode is on")).toBeInTheDocument();
    expect(screen.getByText(/Invite code: abcd2345ef\. 12 profiles made private\./)).toBeInTheDocument();
    expect(requests(fetch, "POST").map((r) => r.url)).toEqual(["/api/admin/settings/school-mode"]);
    // the card follows the stored settings
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Public chat" })).toHaveAttribute("aria-checked", "false"),
    );
    expect(screen.getByLabelText("Invite code")).toHaveValue("abcd2345ef");
    expect(screen.getByRole("checkbox", { name: "Allow direct messages" })).not.toBeChecked();
  });
});
