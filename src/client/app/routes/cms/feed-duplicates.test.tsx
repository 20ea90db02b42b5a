import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import type { FeedDuplicate } from "@contract/admin/feeds";
import { FEED_ADMIN, makeItem } from "@test/client-feed-fixtures";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests, type MockRequest } from "@test/render-app";
import { CmsFeedDuplicatesScreen } from "./feed-duplicates";

setUpScreenTests();
beforeEach(() => resetToasts());

const PAIRS: FeedDuplicate[] = [
  {
    items: [
      makeItem(11, { title: "Snake", feedName: "GameDistribution", status: "published" }),
      makeItem(21, { title: "Snake HTML5", feedName: "GameMonetize" }),
    ],
    coverDistance: 3,
  },
  {
    items: [
      makeItem(12, { title: "Jelly Jump", feedName: "GameDistribution" }),
      makeItem(22, { title: "Jelly jump", feedName: "GameMonetize" }),
    ],
    coverDistance: null,
  },
];

function duplicates(pairs = PAIRS) {
  const posts: MockRequest[] = [];
  mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(FEED_ADMIN)],
    ["GET", "/api/admin/feed-duplicates", () => jsonResponse({ pairs }, { headers: { "X-Total-Count": "2" } })],
    ["POST", "/api/admin/feed-duplicates/merge", (req) => (posts.push(req), new Response(null, { status: 204 }))],
    ["POST", "/api/admin/feed-duplicates/keep-apart", (req) => (posts.push(req), new Response(null, { status: 204 }))],
  ]);
  return posts;
}

describe("CmsFeedDuplicatesScreen (D113)", () => {
  it("shows each pair with its feeds and covers' likeness, and sends the admin's choice", async () => {
    const posts = duplicates();
    renderWithProviders(<CmsFeedDuplicatesScreen />, "/cms/feeds/duplicates");
    const snake = await screen.findByRole("listitem", { name: "Snake: a suggested duplicate" });
    expect(snake).toHaveTextContent("Covers look alike");
    expect(snake).toHaveTextContent("GameDistribution · Published");
    const jelly = screen.getByRole("listitem", { name: "Jelly Jump: a suggested duplicate" });
    expect(jelly).toHaveTextContent("Covers not compared yet");

    fireEvent.click(within(snake).getByRole("button", { name: "Keep GameMonetize's" }));
    await waitFor(() => expect(posts).toHaveLength(1));
    fireEvent.click(within(jelly).getByRole("button", { name: "Different games" }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts.map((p) => [p.url.pathname, p.body])).toEqual([
      ["/api/admin/feed-duplicates/merge", { keepId: 21, otherId: 11 }],
      ["/api/admin/feed-duplicates/keep-apart", { ids: [12, 22] }],
    ]);
  });

  it("says when there is nothing to decide", async () => {
    duplicates([]);
    renderWithProviders(<CmsFeedDuplicatesScreen />, "/cms/feeds/duplicates");
    expect(await screen.findByText("No suggested duplicates.")).toBeInTheDocument();
  });
});
