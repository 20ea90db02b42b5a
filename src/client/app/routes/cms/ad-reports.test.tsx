import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdReport } from "@contract/admin/ad-reports";
import { jsonResponse, mockApi, renderApp, setUpScreenTests } from "@test/render-app";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};

const counts = (impressions: number, noFills = 0, dismissals = 0, rewards = 0, clicks = 0) => ({
  impressions,
  noFills,
  dismissals,
  rewards,
  clicks,
});

function report(days: number): AdReport {
  return {
    from: days === 30 ? "2026-11-08" : "2026-09-09",
    to: "2026-12-07",
    totals: counts(8 * (days / 30), 4, 2, 3, 1),
    days: [
      { day: "2026-12-06", ...counts(8 * (days / 30), 4, 2, 3, 1) },
      { day: "2026-12-07", ...counts(0) },
    ],
    byPlacement: [
      { placement: "preroll", ...counts(5, 0, 2, 0, 1) },
      { placement: "reward", ...counts(3, 0, 0, 3, 0) },
    ],
    byGame: [{ gameId: 4, gameTitle: "Asteroid Drift", ...counts(8, 4, 2, 3, 1) }],
    rows: [
      { day: "2026-12-06", placement: "preroll", gameId: 4, gameTitle: "Asteroid Drift", ...counts(5, 0, 2, 0, 1) },
    ],
  };
}

setUpScreenTests();

describe("CmsAdReportsScreen (D154)", () => {
  it("shows the range's sums, the tables by placement and by game, and switches to 90 days", async () => {
    const fetch = mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      ["GET", "/api/admin/ads/reports", ({ url }) => jsonResponse(report(Number(url.searchParams.get("days"))))],
    ]);
    renderApp("/cms/ads");
    // the CMS is a lazy chunk: its first load may be slow on a busy machine
    const heading = await screen.findByRole("heading", { level: 1, name: "Ad reports" }, { timeout: 30_000 });
    expect(heading).toBeInTheDocument();
    const shown = (await screen.findByText("Ads shown and asked for in vain")).closest("figure")!;
    expect(within(shown).getByText("8")).toBeInTheDocument();
    const byPlacement = screen.getByRole("region", { name: "By placement" });
    expect(within(byPlacement).getByRole("row", { name: /preroll 5 0 2 0 1/ })).toBeInTheDocument();
    const byGame = screen.getByRole("region", { name: "By game" });
    expect(within(byGame).getByRole("row", { name: /Asteroid Drift 8 4 2 3 1/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ad reports" })).toHaveAttribute("aria-current", "page");

    fireEvent.click(screen.getByRole("button", { name: "Last 90 days" }));
    await waitFor(() => expect(within(shown).getByText("24")).toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Last 90 days" })).toHaveAttribute("aria-pressed", "true");
    expect(fetch.mock.calls.some(([input]) => String(input).endsWith("/api/admin/ads/reports?days=90"))).toBe(true);
  });
});
