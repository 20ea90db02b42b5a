import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { jsonResponse, mockApi, renderWithProviders, type MockRequest } from "@test/render-app";
import { CmsSettingsScreen } from "./settings";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};
const QUOTA_LABEL = "Cloud save quota per player and game (KiB)";
const QUOTA_MESSAGE = "Cloud save quota must be a whole number of KiB from 16 to 10240";

const item = (id: number, key: string, value: string) => ({
  id,
  section: "site",
  key,
  value,
  valueType: "text",
  updatedAt: "2025-01-01T00:00:00.000Z",
});
const settings = (content: ReturnType<typeof item>[]) => ({
  content,
  mail: { configured: false, from: "Arcadium <no-reply@localhost>" },
  google: { configured: false },
});

/** D91: the open season as GET /api/seasons gives it, ending where the stored length says (as the server reschedules it). */
const SEASON_ENDS: Record<string, string | null> = {
  week: "2026-11-30T00:00:00.000Z",
  month: "2026-12-01T00:00:00.000Z",
  none: null,
};
const openSeason = (length: string | undefined) => ({
  id: 4,
  number: 4,
  startsAt: "2026-11-23T00:00:00.000Z",
  endsAt: SEASON_ENDS[length ?? "week"],
  current: true,
});

/** The API of the screen, with the site.* items held in memory so that a PATCH is read back. */
function api(initial: ReturnType<typeof item>[], patch?: (req: MockRequest) => Response | undefined) {
  let content = initial;
  return mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    ["GET", "/api/admin/settings", () => jsonResponse(settings(content))],
    ["GET", "/api/seasons", () => jsonResponse([openSeason(content.find((i) => i.key === "season_length")?.value)])],
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
        const refused = patch?.(req);
        if (refused) return refused;
        const site = (req.body as { site: Record<string, string> }).site;
        content = [
          ...content.filter((i) => !(i.key in site)),
          ...Object.entries(site).map(([k, v], n) => item(100 + n, k, v)),
        ];
        return jsonResponse(settings(content));
      },
    ],
  ]);
}

const quotaField = () => screen.findByLabelText(QUOTA_LABEL);
const patches = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === "PATCH")
    .map(([, init]) => JSON.parse(String(init!.body)) as { site: Record<string, string> });
const quotaCard = () => screen.getByRole("button", { name: "Save Quota" }).closest("form")!;

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("CmsSettingsScreen: cloud save quota (D76)", () => {
  it("shows the default quota (1024 KiB) when none is stored, and saves a new one as site.cloud_save_quota_kib", async () => {
    const fetch = api([item(1, "name", "Arcadium"), item(2, "tagline", "Play")]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    const field = await quotaField();
    expect(field).toHaveValue(1024);
    fireEvent.change(field, { target: { value: "2048" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Quota" }));
    expect(await screen.findByText("Cloud save quota saved")).toBeInTheDocument();
    expect(patches(fetch)).toEqual([{ site: { cloud_save_quota_kib: "2048" } }]);
    await waitFor(() => expect(screen.getByLabelText(QUOTA_LABEL)).toHaveValue(2048));
  });

  it("shows the stored quota, and keeps it out of the Site form's list of other items", async () => {
    api([item(1, "name", "Arcadium"), item(2, "tagline", "Play"), item(3, "cloud_save_quota_kib", "64")]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    expect(await quotaField()).toHaveValue(64);
    expect(screen.getAllByLabelText(/cloud_save_quota_kib|Cloud save quota/)).toHaveLength(1);
  });

  it.each(["15", "10241", "1.5", ""])("refuses %j by the field and sends nothing", async (value) => {
    const fetch = api([]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    const field = await quotaField();
    fireEvent.change(field, { target: { value } });
    fireEvent.click(screen.getByRole("button", { name: "Save Quota" }));
    expect(within(quotaCard()).getByRole("alert")).toHaveTextContent(QUOTA_MESSAGE);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveFocus();
    expect(patches(fetch)).toEqual([]);
    // Typing again clears the message.
    fireEvent.change(field, { target: { value: "32" } });
    expect(within(quotaCard()).queryByRole("alert")).toBeNull();
  });

  it("shows the server's refusal by the field", async () => {
    api([], () => jsonResponse({ message: "Quota refused by the server", errors: [] }, { status: 400 }));
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    fireEvent.change(await quotaField(), { target: { value: "512" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Quota" }));
    expect(await within(quotaCard()).findByRole("alert")).toHaveTextContent("Quota refused by the server");
  });

  it("leaves the Site form as it was: its Save Settings sends only its own items", async () => {
    const fetch = api([item(1, "name", "Arcadium"), item(2, "tagline", "Play"), item(3, "cloud_save_quota_kib", "64")]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    fireEvent.change(await screen.findByLabelText("Tagline"), { target: { value: "Games for everyone" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings saved")).toBeInTheDocument();
    expect(patches(fetch)).toEqual([{ site: { name: "Arcadium", tagline: "Games for everyone" } }]);
  });
});

describe("CmsSettingsScreen: direct messages (D88)", () => {
  it("is on by default, and turning it off saves site.direct_messages = false at once", async () => {
    const fetch = api([item(1, "name", "Arcadium"), item(2, "tagline", "Play")]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    const box = await screen.findByRole("checkbox", { name: "Allow direct messages" });
    expect(box).toBeChecked();
    fireEvent.click(box);
    expect(await screen.findByText("Direct messages turned off")).toBeInTheDocument();
    expect(patches(fetch)).toEqual([{ site: { direct_messages: "false" } }]);
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Allow direct messages" })).not.toBeChecked());
  });

  it("shows a stored 'false' as off, and keeps the setting out of the Site form's list of other items", async () => {
    api([item(1, "name", "Arcadium"), item(2, "tagline", "Play"), item(3, "direct_messages", "false")]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    expect(await screen.findByRole("checkbox", { name: "Allow direct messages" })).not.toBeChecked();
    expect(screen.queryByLabelText("direct_messages")).toBeNull();
  });
});

describe("CmsSettingsScreen: season length (D91)", () => {
  const card = () => screen.getByRole("button", { name: "Save Season Length" }).closest("form")!;

  it("is weekly by default, explains when seasons turn, and saves Monthly as site.season_length = month", async () => {
    const fetch = api([item(1, "name", "Arcadium"), item(2, "tagline", "Play")]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    const group = await screen.findByRole("group", { name: "Season length" });
    expect(within(group).getByRole("radio", { name: /Weekly/ })).toBeChecked();
    expect(group).toHaveAccessibleDescription(
      "Seasons turn at 00:00 UTC on Mondays (weekly) or on the 1st (monthly). Changing the length ends the current season at the next boundary of the new length.",
    );
    expect(await screen.findByTestId("current-season")).toHaveTextContent(
      "Current season: Season 4 · 23–29 Nov, ends Mon 30 Nov 2026 at 00:00 UTC.",
    );
    // nothing to save until another length is chosen
    expect(screen.getByRole("button", { name: "Save Season Length" })).toBeDisabled();
    fireEvent.click(within(group).getByRole("radio", { name: /Monthly/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save Season Length" }));
    expect(await screen.findByText("Season length set to monthly")).toBeInTheDocument();
    expect(patches(fetch)).toEqual([{ site: { season_length: "month" } }]);
    // the open season's new end is read again
    await waitFor(() =>
      expect(screen.getByTestId("current-season")).toHaveTextContent("ends Tue 1 Dec 2026 at 00:00 UTC"),
    );
    expect(within(group).getByRole("radio", { name: /Monthly/ })).toBeChecked();
  });

  it("shows a stored 'none' as one endless season, and keeps the setting out of the Site form's list of other items", async () => {
    api([item(1, "name", "Arcadium"), item(2, "tagline", "Play"), item(3, "season_length", "none")]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    const group = await screen.findByRole("group", { name: "Season length" });
    expect(within(group).getByRole("radio", { name: /None.*One endless season/ })).toBeChecked();
    expect(await screen.findByTestId("current-season")).toHaveTextContent(
      "Current season: Season 4 · since 23 Nov, no end.",
    );
    expect(screen.queryByLabelText("season_length")).toBeNull();
  });

  it("shows the server's refusal by the choices and keeps the choice", async () => {
    const message = "Season length must be 'week', 'month' or 'none'";
    api([], () => jsonResponse({ message, errors: [{ path: "body.site.season_length", message }] }, { status: 400 }));
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    const group = await screen.findByRole("group", { name: "Season length" });
    fireEvent.click(within(group).getByRole("radio", { name: /None/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save Season Length" }));
    expect(await within(card()).findByRole("alert")).toHaveTextContent(message);
    expect(within(group).getByRole("radio", { name: /None/ })).toBeChecked();
    // choosing again clears the message
    fireEvent.click(within(group).getByRole("radio", { name: /Monthly/ }));
    expect(within(card()).queryByRole("alert")).toBeNull();
  });
});

describe("CmsSettingsScreen: consent (D150)", () => {
  const TOOL = "IAB TCF consent tool script";
  const STATS = "Statistics script";
  const consentCard = () => screen.getByRole("button", { name: "Save Consent Settings" }).closest("form")!;

  it("saves the consent tool's and the statistics script's addresses, and keeps them out of the Site form", async () => {
    const fetch = api([item(1, "name", "Arcadium"), item(3, "statistics_script_url", "https://stats.example/s.js")]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    const tool = await screen.findByLabelText(TOOL);
    expect(screen.getByLabelText(STATS)).toHaveValue("https://stats.example/s.js");
    expect(screen.getAllByLabelText(/statistics_script_url|Statistics script/)).toHaveLength(1);
    fireEvent.change(tool, { target: { value: " https://cmp.example/stub.js " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Consent Settings" }));
    expect(await screen.findByText("Consent settings saved")).toBeInTheDocument();
    expect(patches(fetch)).toEqual([
      {
        site: { consent_tool_url: "https://cmp.example/stub.js", statistics_script_url: "https://stats.example/s.js" },
      },
    ]);
  });

  it.each(["http://cmp.example/stub.js", "cmp.js", "javascript:alert(1)"])(
    "refuses %j by the field and sends nothing",
    async (value) => {
      const fetch = api([]);
      renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
      const tool = await screen.findByLabelText(TOOL);
      fireEvent.change(tool, { target: { value } });
      fireEvent.click(screen.getByRole("button", { name: "Save Consent Settings" }));
      expect(within(consentCard()).getByRole("alert")).toHaveTextContent("Enter a full https:// address");
      expect(tool).toHaveAttribute("aria-invalid", "true");
      expect(tool).toHaveFocus();
      expect(patches(fetch)).toEqual([]);
    },
  );

  it("an empty address turns the tool off (saved as empty)", async () => {
    const fetch = api([item(4, "consent_tool_url", "https://cmp.example/stub.js")]);
    renderWithProviders(<CmsSettingsScreen />, "/cms/settings");
    const tool = await screen.findByLabelText(TOOL);
    expect(tool).toHaveValue("https://cmp.example/stub.js");
    fireEvent.change(tool, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Consent Settings" }));
    expect(await screen.findByText("Consent settings saved")).toBeInTheDocument();
    expect(patches(fetch)).toEqual([{ site: { consent_tool_url: "", statistics_script_url: "" } }]);
  });
});
