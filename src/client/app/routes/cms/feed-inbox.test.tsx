import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { FEED_ADMIN, makeFeed, makeItem } from "@test/client-feed-fixtures";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests, type MockRequest } from "@test/render-app";
import { CmsFeedInboxScreen } from "./feed-inbox";

setUpScreenTests();
beforeEach(() => resetToasts());

const FEEDS = [makeFeed(1, { name: "GameDistribution" }), makeFeed(2, { name: "Partner" })];
const ITEMS = [
  makeItem(11, { title: "Space Blocks", coverUrl: "/uploads/covers/space.webp", tags: ["puzzle", "space"] }),
  makeItem(12, { title: "Jelly Jump", mobile: false }),
  makeItem(13, { title: "Tiny Tanks", mobile: null, tags: [] }),
];

function inbox(total = 120) {
  const reads: URL[] = [];
  const posts: MockRequest[] = [];
  mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(FEED_ADMIN)],
    ["GET", "/api/admin/feeds", () => jsonResponse({ feeds: FEEDS })],
    [
      "GET",
      "/api/admin/feed-items",
      (req) => {
        reads.push(req.url);
        return jsonResponse({ items: ITEMS }, { headers: { "X-Total-Count": String(total) } });
      },
    ],
    ["POST", "/api/admin/feed-items/approve", (req) => (posts.push(req), jsonResponse({ approved: 2, published: 1 }))],
    ["POST", "/api/admin/feed-items/reject", (req) => (posts.push(req), jsonResponse({ rejected: 3 }))],
  ]);
  return { reads, posts, lastQuery: () => Object.fromEntries(reads.at(-1)!.searchParams) };
}

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

describe("CmsFeedInboxScreen (D111, D112)", () => {
  it("sends the feed of the address, status new and every filter as query parameters, and pages", async () => {
    const api = inbox();
    renderWithProviders(<CmsFeedInboxScreen />, "/cms/feeds/inbox?feedId=2");
    expect(await screen.findByText("Space Blocks")).toBeInTheDocument();
    expect(api.lastQuery()).toEqual({ feedId: "2", status: "new", limit: "50", offset: "0" });
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Feed" })).toHaveTextContent("Partner"));

    fireEvent.change(screen.getByRole("searchbox", { name: "Search items by title" }), {
      target: { value: " space " },
    });
    fireEvent.change(screen.getByLabelText("Tag"), { target: { value: "puzzle" } });
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "Arcade" } });
    await choose("Mobile", "Mobile");
    await choose("Status", "Any status");
    await waitFor(() =>
      expect(api.lastQuery()).toEqual({
        feedId: "2",
        search: "space",
        tag: "puzzle",
        category: "Arcade",
        mobile: "true",
        limit: "50",
        offset: "0",
      }),
    );

    const pages = screen.getByRole("navigation", { name: "Pages of the inbox" });
    expect(pages).toHaveTextContent("1–50 of 120");
    expect(within(pages).getByRole("button", { name: "Previous" })).toBeDisabled();
    fireEvent.click(within(pages).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(api.lastQuery().offset).toBe("50"));
    expect(await within(pages).findByText("51–100 of 120")).toBeInTheDocument();
  });

  it("shows our cover or a placeholder, and opens the game in a new tab", async () => {
    inbox(3);
    renderWithProviders(<CmsFeedInboxScreen />, "/cms/feeds/inbox");
    const table = await screen.findByRole("table", { name: "Feed items" });
    await within(table).findByText("Space Blocks");
    const images = within(table).getAllByRole("img");
    expect(images.map((i) => i.getAttribute("src") ?? i.getAttribute("aria-label"))).toEqual([
      "/uploads/covers/space.webp",
      "Jelly Jump cover: no image",
      "Tiny Tanks cover: no image",
    ]);
    const open = within(table).getByRole("link", { name: /^Open the game: Jelly Jump/ });
    expect(open).toHaveAttribute("href", "https://html5.gamedistribution.com/12/");
    expect(open).toHaveAttribute("target", "_blank");
    expect(open).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.queryByRole("navigation", { name: "Pages of the inbox" })).toHaveTextContent("1–3 of 3");
  });

  it("approves the items chosen and rejects a whole page, showing the counts the server answered", async () => {
    const api = inbox(3);
    renderWithProviders(<CmsFeedInboxScreen />, "/cms/feeds/inbox");
    const approve = await screen.findByRole("button", { name: "Approve" });
    expect(approve).toBeDisabled();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Space Blocks" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Tiny Tanks" }));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    fireEvent.click(approve);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("2 items approved, 1 published"));
    expect(api.posts.map((p) => [p.url.pathname, p.body])).toEqual([
      ["/api/admin/feed-items/approve", { ids: [11, 13] }],
    ]);
    expect(screen.getByText("0 selected")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    expect(screen.getByRole("checkbox", { name: "Select Jelly Jump" })).toBeChecked();
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("3 items rejected"));
    expect(api.posts[1].body).toEqual({ ids: [11, 12, 13] });
  });
});
