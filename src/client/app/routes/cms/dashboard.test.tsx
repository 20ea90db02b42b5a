import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { NumbersDay, NumbersResponse } from "@contract/numbers-constants";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests } from "@test/render-app";
import { CmsDashboardScreen } from "./dashboard";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};

const COUNTS = {
  games: 17,
  categories: 6,
  users: 3,
  admins: 1,
  reviews: 4,
  chatMessages: 0,
  scores: 0,
  contentItems: 0,
  contactMessages: 0,
  newsletterSubscriptions: 0,
  advertiserEnquiries: 0,
};

const day = (n: number, extra: Partial<NumbersDay> = {}): NumbersDay => ({
  day: new Date(Date.UTC(2026, 8, 1) + n * 86_400_000).toISOString().slice(0, 10),
  live: false,
  impressions: 100,
  pageViews: 20,
  playStarts: 10,
  conversion: 0.5,
  firstGameplayP50: 1500,
  firstGameplayP90: 4200,
  playtimePerSessionMs: 180_000,
  sessionsPerPlayer: 1.25,
  players: 8,
  newPlayers: 4,
  d1: 0.25,
  d7: null,
  errors: 1,
  errorsPer1000: 100,
  ...extra,
});

const SITE: NumbersResponse = {
  game: null,
  days: [
    ...Array.from({ length: 88 }, (_, i) => day(i)),
    day(88, { d1: 0.4 }),
    // yesterday: its D1 is known only once today has finished
    day(89, { playStarts: 1234, pageViews: 2000, conversion: 0.617, d1: null }),
    day(90, { live: true, playStarts: 3 }),
  ],
  topErrors: [{ message: "TypeError: cannot read properties of undefined", n: 42 }],
  onlineNow: 27,
};

setUpScreenTests();

function show(site: NumbersResponse | null) {
  mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    ["GET", "/api/admin/dashboard", () => jsonResponse({ counts: COUNTS })],
    [
      "GET",
      "/api/numbers/site",
      () => (site ? jsonResponse(site) : jsonResponse({ message: "Database unavailable" }, { status: 503 })),
    ],
  ]);
  renderWithProviders(<CmsDashboardScreen />);
}

describe("CmsDashboardScreen (D134)", () => {
  it("shows players online now and the whole site per day, the last finished day's values at a glance", async () => {
    show(SITE);
    expect(await screen.findByText("27")).toBeInTheDocument();
    const online = screen.getByText("Players online now").closest("div")!;
    expect(online).toHaveTextContent("27");
    expect(await screen.findByRole("heading", { name: "The whole site, per day" })).toBeInTheDocument();
    // the headline of each chart is the last finished day (today is still counting)
    const visitors = screen.getByText("Seen, opened and played").closest("figure")!;
    expect(within(visitors).getByText("1,234")).toBeInTheDocument();
    expect(within(visitors).getByText("play starts")).toBeInTheDocument();
    const conversion = screen.getByText("Conversion to play (play starts per page view)").closest("figure")!;
    expect(within(conversion).getByText("61.7%")).toBeInTheDocument();
    const start = screen.getByText("Time to first gameplay").closest("figure")!;
    expect(within(start).getByText("1.5 s")).toBeInTheDocument();
    expect(within(start).getByText("4.2 s")).toBeInTheDocument();
    const retention = screen.getByText("Retention of new players (UTC days)").closest("figure")!;
    // D1 of the latest day that has one
    expect(within(retention).getByText("40%")).toBeInTheDocument();
    // D7 not known yet
    expect(within(retention).getByText("–")).toBeInTheDocument();
    const errors = screen.getByRole("region", { name: "Commonest errors" });
    expect(within(errors).getByText("TypeError: cannot read properties of undefined")).toBeInTheDocument();
    expect(within(errors).getByText("42")).toBeInTheDocument();
    expect(screen.getByText("17")).toBeInTheDocument();
  });

  it("downloads the days as CSV", async () => {
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return "blob:numbers";
    });
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    try {
      show(SITE);
      fireEvent.click(await screen.findByRole("button", { name: "Download CSV" }));
    } finally {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
    expect(click).toHaveBeenCalledOnce();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]);
    });
    const lines = text.trim().split("\n");
    expect(lines).toHaveLength(92);
    expect(lines[0]).toMatch(/^day,live,card_impressions,page_views,play_starts,conversion_to_play,/);
    expect(lines[90]).toBe("2026-11-29,false,100,2000,1234,0.617,1500,4200,180000,1.25,8,4,,,1,100");
    expect(lines[91].startsWith("2026-11-30,true,")).toBe(true);
  });

  it("says when the numbers could not be read, and keeps the rest", async () => {
    show(null);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to load the site's numbers: Database unavailable",
    );
    expect(screen.getByText("17")).toBeInTheDocument();
  });
});
