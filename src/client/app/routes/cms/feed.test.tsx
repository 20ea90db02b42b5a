import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Route } from "wouter";
import { resetToasts } from "@/components/ui/use-toast";
import type { FeedDetail } from "@contract/admin/feeds";
import { FEED_ADMIN, makeFeedDetail, makeRun } from "@test/client-feed-fixtures";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests, type MockRequest } from "@test/render-app";
import { CmsFeedScreen } from "./feed";

setUpScreenTests();
beforeEach(() => resetToasts());

const CATEGORIES = [
  { id: 1, name: "Action", slug: "action", description: "", imageUrl: "", gameCount: 2 },
  { id: 2, name: "Puzzle", slug: "puzzle", description: "", imageUrl: "", gameCount: 5 },
];

const FEED = makeFeedDetail(7, {
  name: "GD catalogue",
  formatChangedAt: "2026-12-06T15:00:00.000Z",
  categoryMap: { Shooter: 1, Retired: 2 },
  rules: { autoApprove: { requireTags: ["html5"] }, publishPerDay: 20 },
  runs: [
    makeRun(3, { state: "format_changed", error: "No list of items in the page", newItems: 0, pages: 1 }),
    makeRun(2, { newItems: 40 }),
  ],
  categories: [
    { name: "Shooter", items: 12, suggestedCategoryId: null },
    { name: "Puzzles", items: 3, suggestedCategoryId: 2 },
    { name: "Hypercasual", items: 1, suggestedCategoryId: null },
  ],
});

function feedApi(feed: FeedDetail = FEED) {
  const patches: MockRequest[] = [];
  mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(FEED_ADMIN)],
    ["GET", "/api/admin/categories", () => jsonResponse(CATEGORIES)],
    ["GET", "/api/admin/feeds/7", () => jsonResponse(feed)],
    ["PATCH", "/api/admin/feeds/7", (req) => (patches.push(req), jsonResponse(feed))],
  ]);
  renderWithProviders(<Route path="/cms/feeds/:id" component={CmsFeedScreen} />, "/cms/feeds/7");
  return patches;
}

describe("CmsFeedScreen (D110, D111, D113)", () => {
  it("shows the feed's runs with their counts and errors, the format warning and a link to its inbox", async () => {
    feedApi();
    expect(await screen.findByRole("heading", { name: "GD catalogue", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("This feed's format changed");
    const rows = within(screen.getByRole("table", { name: "Runs" }))
      .getAllByRole("row")
      .slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .slice(1, 7)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["Format changed", "1 page", "0 new", "3 updated", "1 gone", "2 invalid"],
      ["Done", "2 pages", "40 new", "3 updated", "1 gone", "2 invalid"],
    ]);
    expect(within(rows[0]).getByText("No list of items in the page")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open its inbox" })).toHaveAttribute("href", "/cms/feeds/inbox?feedId=7");
  });

  it("pre-sets an unmapped category to the suggested one and saves the whole map", async () => {
    const patches = feedApi();
    const shooter = await screen.findByRole("combobox", { name: "Our category for Shooter" });
    await waitFor(() => expect(shooter).toHaveTextContent("Action"));
    expect(screen.getByRole("combobox", { name: "Our category for Puzzles" })).toHaveTextContent("Puzzle");
    expect(screen.getByRole("combobox", { name: "Our category for Hypercasual" })).toHaveTextContent("Not mapped");
    fireEvent.click(shooter);
    fireEvent.click(await screen.findByRole("option", { name: "Not mapped" }));
    fireEvent.click(screen.getByRole("combobox", { name: "Our category for Hypercasual" }));
    fireEvent.click(await screen.findByRole("option", { name: "Action" }));
    fireEvent.click(screen.getByRole("button", { name: "Save the category map" }));
    await waitFor(() => expect(patches).toHaveLength(1));
    // A name the feed no longer carries keeps its entry
    expect(patches[0].body).toEqual({ categoryMap: { Retired: 2, Puzzles: 2, Hypercasual: 1 } });
  });

  it("edits the rules and saves them, refusing a quota that is not a whole number of at least 1", async () => {
    const patches = feedApi();
    const auto = await screen.findByRole("switch", { name: "Approve new items automatically" });
    expect(auto).toHaveAttribute("aria-checked", "true");
    expect(screen.getByLabelText("Required tags")).toHaveValue("html5");
    expect(screen.getByLabelText("Games published per day")).toHaveValue("20");
    fireEvent.click(screen.getByLabelText("Only games that play on mobile"));
    fireEvent.change(screen.getByLabelText("Excluded tags"), { target: { value: "horror, Gore,, horror " } });
    fireEvent.change(screen.getByLabelText("Games published per day"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the rules" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Publish per day is a whole number from 1 to 10,000");
    expect(patches).toEqual([]);
    fireEvent.change(screen.getByLabelText("Games published per day"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the rules" }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0].body).toEqual({
      rules: {
        autoApprove: { mobile: true, requireTags: ["html5"], excludeTags: ["horror", "Gore"] },
        publishPerDay: 5,
      },
    });

    fireEvent.click(auto);
    fireEvent.click(screen.getByLabelText("At once"));
    fireEvent.click(screen.getByRole("button", { name: "Save the rules" }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1].body).toEqual({ rules: {} });
  });
});
