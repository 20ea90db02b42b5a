import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { FEED_ADMIN, makeFeed, makeFeedDetail, makeRun } from "@test/client-feed-fixtures";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests, type MockRequest } from "@test/render-app";
import { CmsFeedsScreen } from "./feeds";

const FEEDS = [
  makeFeed(1, {
    name: "GD catalogue",
    schedule: "hourly",
    items: { new: 40, approved: 0, published: 12, rejected: 3, gone: 0 },
    lastRun: makeRun(7, { newItems: 40, updatedItems: 5, goneItems: 0, invalidItems: 2 }),
  }),
  makeFeed(2, {
    kind: "json",
    name: "Partner",
    paused: true,
    schedule: "off",
    formatChangedAt: "2026-12-06T15:00:00.000Z",
    lastRun: makeRun(9, { state: "format_changed", error: "No list of items at data.games" }),
  }),
  makeFeed(3, { kind: "gamepix", name: "GamePix", publisherId: "abc" }),
];

setUpScreenTests();
beforeEach(() => resetToasts());

const rowOf = (name: string) =>
  within(screen.getByRole("table", { name: "Feeds" }))
    .getAllByRole("row")
    .find((r) => within(r).queryByRole("link", { name }))!;

describe("CmsFeedsScreen (D110, D113)", () => {
  it("shows each feed's kind, schedule, items by status, last run and the format warning", async () => {
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(FEED_ADMIN)],
      ["GET", "/api/admin/feeds", () => jsonResponse({ feeds: FEEDS })],
    ]);
    renderWithProviders(<CmsFeedsScreen />);
    expect(await screen.findByRole("link", { name: "GD catalogue" })).toHaveAttribute("href", "/cms/feeds/1");
    const gd = rowOf("GD catalogue");
    expect(gd).toHaveTextContent("GameDistribution");
    expect(gd).toHaveTextContent("Every hour");
    expect(gd).toHaveTextContent("40 new");
    expect(gd).toHaveTextContent("12 published");
    expect(gd).toHaveTextContent("3 rejected");
    expect(gd).not.toHaveTextContent("approved");
    expect(gd).toHaveTextContent("Done");
    expect(gd).toHaveTextContent("40 new, 5 updated, 0 gone, 2 invalid");
    expect(within(gd).queryByText("This feed's format changed")).toBeNull();

    const partner = rowOf("Partner");
    expect(partner).toHaveTextContent("JSON feed");
    expect(within(partner).getByText("This feed's format changed")).toBeVisible();
    expect(partner).toHaveTextContent("Paused");
    expect(partner).toHaveTextContent("Format changed");
    expect(within(partner).getByRole("button", { name: "Resume: Partner" })).toBeInTheDocument();

    const gamepix = rowOf("GamePix");
    expect(gamepix).toHaveTextContent("No items yet");
    expect(gamepix).toHaveTextContent("Never synced");
    expect(screen.getByRole("link", { name: "Open the inbox" })).toHaveAttribute("href", "/cms/feeds/inbox");
  });

  it("says so when there is no feed, and shows a failed load", async () => {
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(FEED_ADMIN)],
      ["GET", "/api/admin/feeds", () => jsonResponse({ message: "Database unreachable" }, { status: 500 })],
    ]);
    renderWithProviders(<CmsFeedsScreen />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load the feeds: Database unreachable");
  });

  it("syncs now and shows the queued job, pauses, and deletes after confirming", async () => {
    const sent: MockRequest[] = [];
    const record = (answer: () => Response) => (req: MockRequest) => {
      sent.push(req);
      return answer();
    };
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(FEED_ADMIN)],
      ["GET", "/api/admin/feeds", () => jsonResponse({ feeds: FEEDS })],
      ["POST", "/api/admin/feeds/1/sync", record(() => jsonResponse({ jobId: 321 }, { status: 202 }))],
      ["PATCH", "/api/admin/feeds/1", record(() => jsonResponse(makeFeedDetail(1, { paused: true })))],
      ["DELETE", "/api/admin/feeds/3", record(() => new Response(null, { status: 204 }))],
    ]);
    renderWithProviders(<CmsFeedsScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Sync now: GD catalogue" }));
    expect(await within(rowOf("GD catalogue")).findByRole("link", { name: "job #321" })).toHaveAttribute(
      "href",
      "/cms/jobs",
    );
    expect(await screen.findByText("Sync of GD catalogue queued")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Pause: GD catalogue" }));
    await waitFor(() => expect(sent.some((r) => r.method === "PATCH")).toBe(true));
    expect(sent.find((r) => r.method === "PATCH")!.body).toEqual({ paused: true });

    fireEvent.click(screen.getByRole("button", { name: "Delete GamePix" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent('Delete "GamePix" with its inbox and runs?');
    expect(sent.some((r) => r.method === "DELETE")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Feed deleted")).toBeInTheDocument();
    expect(sent.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      "POST /api/admin/feeds/1/sync",
      "PATCH /api/admin/feeds/1",
      "DELETE /api/admin/feeds/3",
    ]);
  });
});
