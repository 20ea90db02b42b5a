import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { mutedMessage } from "@contract/reports-constants";
import { jsonResponse, mockApi, renderWithProviders, signedInAs, signedOut, type MockRoute } from "@test/render-app";
import { GameReviews } from "./game-reviews";
import { ReviewList } from "./review-list";

const me = { id: 7, username: "zed" };
const review = (extra: Record<string, unknown> = {}) => ({
  id: 31,
  userId: 7,
  gameId: 5,
  rating: 4,
  comment: "Great fun",
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  user: { username: "zed", avatarUrl: null },
  ...extra,
});
const aggregate = {
  gameId: 5,
  rating: 40,
  average: 4,
  count: 1,
  distribution: { "1": 0, "2": 0, "3": 0, "4": 1, "5": 0 },
};

/** A tiny in-memory review store behind the mock API. */
function reviewApi(
  opts: {
    own?: ReturnType<typeof review> | null;
    others?: ReturnType<typeof review>[];
    user?: MockRoute;
    postStatus?: number;
    postMessage?: string;
    deleteStatus?: number;
  } = {},
) {
  let own = opts.own ?? null;
  const fetch = mockApi([
    opts.user ?? signedInAs(me),
    ["GET", "/api/games/5/reviews", () => jsonResponse([...(own ? [own] : []), ...(opts.others ?? [])])],
    ["GET", "/api/games/5/reviews/user/7", () => jsonResponse(own)],
    [
      "GET",
      "/api/games/5/rating",
      () =>
        jsonResponse(
          own
            ? aggregate
            : { ...aggregate, rating: 0, average: 0, count: 0, distribution: { ...aggregate.distribution, "4": 0 } },
        ),
    ],
    ["GET", "/api/games/5", () => jsonResponse({})],
    [
      "POST",
      "/api/reviews",
      ({ body }) => {
        if (opts.postStatus) return jsonResponse({ message: opts.postMessage ?? "nope" }, { status: opts.postStatus });
        const b = body as { rating: number; comment?: string };
        const created = own === null;
        own = review({ rating: b.rating, comment: b.comment ?? null });
        return jsonResponse({ review: own, created }, { status: created ? 201 : 200 });
      },
    ],
    [
      "DELETE",
      "/api/games/5/reviews/user/7",
      () => {
        if (opts.deleteStatus) return jsonResponse({ message: "nope" }, { status: opts.deleteStatus });
        own = null;
        return new Response(null, { status: 204 });
      },
    ],
  ]);
  return fetch;
}
const calls = (fetch: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetch.mock.calls.filter(
    ([u, init]) => new URL(String(u), "http://x").pathname === path && (init?.method ?? "GET") === method,
  );

const star = (n: number) => screen.getByRole("button", { name: `${n} star${n === 1 ? "" : "s"}` });

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

describe("Reviews tab (spec §4, §5, §8; D30–D32)", () => {
  it("a visitor sees 'Please log in to write a review' instead of the form, and the reviews", async () => {
    reviewApi({ user: signedOut, own: review({ userId: 9, user: { username: "amy", avatarUrl: null } }) });
    renderWithProviders(<GameReviews gameId={5} />);
    expect(await screen.findByText("Please log in to write a review")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/api/auth/login?returnTo=%2Fgame%2F5",
    );
    expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Reviews" });
    expect(within(list).getByText("amy")).toBeInTheDocument();
    expect(within(list).getByText("AM")).toBeInTheDocument(); // initials fallback
    expect(within(list).getByText("3 hours ago")).toBeInTheDocument();
    expect(within(list).getByRole("img", { name: "Rated 4.0 out of 5" })).toBeInTheDocument();
  });

  it("without a review: 'Write a Review' / 'Submit'; no rating → 'Rating required'; success → 'Review submitted!' and refetches", async () => {
    const fetch = reviewApi();
    renderWithProviders(<GameReviews gameId={5} />);
    expect(await screen.findByRole("heading", { name: "Write a Review" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Rating required")).toBeInTheDocument();
    expect(screen.getByText("Please select a star rating")).toBeInTheDocument();
    expect(calls(fetch, "POST", "/api/reviews")).toHaveLength(0);

    fireEvent.mouseMove(star(3));
    expect(star(3)).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(star(5));
    expect(star(5)).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("5 stars selected")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Your review (optional)"), { target: { value: "  Loved it!  " } });

    const before = {
      list: calls(fetch, "GET", "/api/games/5/reviews").length,
      rating: calls(fetch, "GET", "/api/games/5/rating").length,
    };
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Review submitted!")).toBeInTheDocument();
    expect(screen.getByText("Thanks for sharing your opinion.")).toBeInTheDocument();
    expect(JSON.parse(String(calls(fetch, "POST", "/api/reviews")[0][1]?.body))).toEqual({
      userId: 7,
      gameId: 5,
      rating: 5,
      comment: "Loved it!",
    });

    // list, own review, rating and game refetched (spec §4)
    expect(calls(fetch, "GET", "/api/games/5/reviews").length).toBeGreaterThan(before.list);
    expect(calls(fetch, "GET", "/api/games/5/rating").length).toBeGreaterThan(before.rating);
    expect(calls(fetch, "GET", "/api/games/5/reviews/user/7").length).toBeGreaterThan(1);
    expect(await screen.findByRole("heading", { name: "Edit Your Review" })).toBeInTheDocument();
  });

  it("an empty comment is left out", async () => {
    const fetch = reviewApi();
    renderWithProviders(<GameReviews gameId={5} />);
    await screen.findByRole("heading", { name: "Write a Review" });
    fireEvent.click(star(2));
    fireEvent.change(screen.getByLabelText("Your review (optional)"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Review submitted!");
    expect(JSON.parse(String(calls(fetch, "POST", "/api/reviews")[0][1]?.body))).toEqual({
      userId: 7,
      gameId: 5,
      rating: 2,
    });
  });

  it("with a review: 'Edit Your Review', prefilled; 'Update' → 'Review updated!'", async () => {
    const fetch = reviewApi({ own: review() });
    renderWithProviders(<GameReviews gameId={5} />);
    expect(await screen.findByRole("heading", { name: "Edit Your Review" })).toBeInTheDocument();
    expect(star(4)).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Your review (optional)")).toHaveValue("Great fun");
    expect(screen.getByRole("button", { name: "Delete" })).toBeInTheDocument();
    fireEvent.click(star(2));
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Review updated!")).toBeInTheDocument();
    expect(screen.getByText("Thanks for sharing your opinion.")).toBeInTheDocument();
    expect(JSON.parse(String(calls(fetch, "POST", "/api/reviews")[0][1]?.body))).toMatchObject({
      rating: 2,
      comment: "Great fun",
    });
  });

  it("'Delete' → 'Review deleted' / 'Your review has been removed.' and the form is cleared", async () => {
    reviewApi({ own: review() });
    renderWithProviders(<GameReviews gameId={5} />);
    await screen.findByRole("heading", { name: "Edit Your Review" });
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Review deleted")).toBeInTheDocument();
    expect(screen.getByText("Your review has been removed.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Write a Review" })).toBeInTheDocument();
    expect(screen.getByLabelText("Your review (optional)")).toHaveValue("");
    for (const n of [1, 2, 3, 4, 5]) expect(star(n)).toHaveAttribute("aria-pressed", "false");
    expect(await screen.findByText("No reviews yet. Be the first to share your opinion!")).toBeInTheDocument();
  });

  it("failures: 'Error submitting review' / 'Error deleting review' with 'Please try again later'", async () => {
    reviewApi({ own: review(), postStatus: 500, deleteStatus: 500 });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderWithProviders(<GameReviews gameId={5} />);
    await screen.findByRole("heading", { name: "Edit Your Review" });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Error submitting review")).toBeInTheDocument();
    expect(screen.getByText("Please try again later")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Error deleting review")).toBeInTheDocument();
    expect(screen.getByText("Please try again later")).toBeInTheDocument();
    warn.mockRestore();
  });

  it("a session that has ended (401): 'Please log in' / 'You need to be logged in to submit a review'", async () => {
    reviewApi({ postStatus: 401 });
    renderWithProviders(<GameReviews gameId={5} />);
    await screen.findByRole("heading", { name: "Write a Review" });
    fireEvent.click(star(3));
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Please log in")).toBeInTheDocument();
    expect(screen.getByText("You need to be logged in to submit a review")).toBeInTheDocument();
  });

  it("D96: a muted player's refusal (403) is shown by the buttons, and the review is kept", async () => {
    const muted = mutedMessage(new Date("2026-11-27T14:05:00Z"));
    reviewApi({ postStatus: 403, postMessage: muted });
    renderWithProviders(<GameReviews gameId={5} />);
    await screen.findByRole("heading", { name: "Write a Review" });
    fireEvent.click(star(4));
    fireEvent.change(screen.getByLabelText("Your review (optional)"), { target: { value: "Nice" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You are muted until 2026-11-27 14:05 UTC");
    expect(screen.queryByText("Error submitting review")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Your review (optional)")).toHaveValue("Nice");
    expect(star(4)).toHaveAttribute("aria-pressed", "true");
  });

  it("D98: a review with a blocked word (400) shows the server's message by the buttons, and the review is kept", async () => {
    reviewApi({ postStatus: 400, postMessage: "Your review contains a word that is not allowed here" });
    renderWithProviders(<GameReviews gameId={5} />);
    await screen.findByRole("heading", { name: "Write a Review" });
    fireEvent.click(star(4));
    fireEvent.change(screen.getByLabelText("Your review (optional)"), { target: { value: "so b a d" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your review contains a word that is not allowed here");
    expect(screen.queryByText("Error submitting review")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Your review (optional)")).toHaveValue("so b a d");
  });

  it("stars work by keyboard: arrows move and pick, Enter picks", async () => {
    reviewApi();
    renderWithProviders(<GameReviews gameId={5} />);
    await screen.findByRole("heading", { name: "Write a Review" });
    star(2).focus();
    fireEvent.keyDown(star(2), { key: "ArrowRight" });
    expect(star(3)).toHaveAttribute("aria-pressed", "true");
    expect(document.activeElement).toBe(star(3));
    fireEvent.keyDown(star(3), { key: "End" });
    expect(star(5)).toHaveAttribute("aria-pressed", "true");
    fireEvent.keyDown(star(5), { key: "ArrowLeft" });
    expect(star(4)).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("group", { name: "Your rating" })).toBeInTheDocument();
  });

  it("a comment is shown as text, never as HTML", async () => {
    const evil = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    reviewApi({
      user: signedOut,
      own: review({ userId: 9, comment: evil, user: { username: "mal", avatarUrl: null } }),
    });
    renderWithProviders(<GameReviews gameId={5} />);
    const list = await screen.findByRole("list", { name: "Reviews" });
    expect(within(list).getByText(evil)).toBeInTheDocument();
    expect(list.querySelector("img[src='x']")).toBeNull();
    expect(list.querySelector("b")).toBeNull();
  });

  it("shows the rating summary from GET /api/games/{id}/rating", async () => {
    reviewApi({ own: review() });
    renderWithProviders(<GameReviews gameId={5} />);
    expect(await screen.findByTestId("rating-average")).toHaveTextContent("4.0");
    expect(screen.getByTestId("rating-count")).toHaveTextContent("1 review");
  });
});

describe("ReviewList paging (issue 12 item 2)", () => {
  it("shows the first page and 'Show More Reviews' asks the server for the next while more remain", async () => {
    const all = Array.from({ length: 25 }, (_, i) =>
      review({
        id: 100 + i,
        userId: 100 + i,
        comment: `Review ${i + 1}`,
        user: { username: `player${i + 1}`, avatarUrl: null },
      }),
    );
    const fetch = mockApi([
      signedOut,
      [
        "GET",
        "/api/games/5/reviews",
        ({ url }) => {
          const offset = Number(url.searchParams.get("offset"));
          const limit = Number(url.searchParams.get("limit"));
          return jsonResponse(all.slice(offset, offset + limit), { headers: { "X-Total-Count": String(all.length) } });
        },
      ],
    ]);
    renderWithProviders(<ReviewList gameId={5} currentUserId={null} />);
    const list = await screen.findByRole("list", { name: "Reviews" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(20);
    fireEvent.click(screen.getByRole("button", { name: "Show More Reviews" }));
    expect(await screen.findByText("Review 25")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Reviews" })).getAllByRole("listitem")).toHaveLength(25);
    expect(screen.queryByRole("button", { name: "Show More Reviews" })).not.toBeInTheDocument();
    const asked = calls(fetch, "GET", "/api/games/5/reviews").map(([u]) =>
      new URL(String(u), "http://x").searchParams.toString(),
    );
    expect(asked).toEqual(["limit=20&offset=0", "limit=20&offset=20"]);
  });
});

describe("Reviews: reports (D97)", () => {
  const renderReport = ({ id, author }: { id: number; author: string }) => (
    <button type="button">{`Report ${id} by ${author}`}</button>
  );
  const amy = review({ id: 32, userId: 9, comment: "Meh", user: { username: "amy", avatarUrl: null } });

  it("offers a report on each review of someone else (by the review's id), never on the player's own", async () => {
    reviewApi({ own: review(), others: [amy] });
    renderWithProviders(<GameReviews gameId={5} renderReport={renderReport} />);
    const list = await screen.findByRole("list", { name: "Reviews" });
    expect(await within(list).findByRole("button", { name: "Report 32 by amy" })).toBeInTheDocument();
    expect(within(list).getAllByRole("button", { name: /^Report/ })).toHaveLength(1);
    expect(within(list).getByText("Great fun")).toBeInTheDocument();
  });

  it("offers none to a signed-out visitor", async () => {
    reviewApi({ user: signedOut, others: [amy] });
    renderWithProviders(<GameReviews gameId={5} renderReport={renderReport} />);
    const list = await screen.findByRole("list", { name: "Reviews" });
    await waitFor(() => expect(screen.getByText("Please log in to write a review")).toBeInTheDocument());
    expect(within(list).getByText("Meh")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Report/ })).not.toBeInTheDocument();
  });
});
