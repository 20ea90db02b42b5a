import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { formatDateTime } from "@/lib/format";
import type { BrokenGame } from "@contract/admin/broken-games";
import type { HeldScoreRow } from "@contract/admin/scores";
import type { ReportGroup, ReportQueue } from "@contract/reports-constants";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests, type MockRequest } from "@test/render-app";
import { CmsReportsScreen } from "./reports";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};
const MODERATOR = { ...ADMIN, id: 12, username: "molly", role: "moderator", email: "molly@example.com" };
const MUTED_UNTIL = "2099-11-27T14:05:00.000Z";

const group = (over: Partial<ReportGroup> = {}): ReportGroup => ({
  id: 41,
  kind: "chat",
  targetId: 700,
  author: { id: 5, username: "alice", avatarUrl: null, mutedUntil: null, banned: false },
  content: "buy cheap coins at <b>spam.example</b>",
  link: null,
  contentGone: false,
  reports: [
    {
      id: 41,
      reporter: { id: 6, username: "bob" },
      reason: "spam",
      text: "again and again",
      createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
    {
      id: 40,
      reporter: { id: 7, username: "carol" },
      reason: "harassment",
      text: null,
      createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    },
  ],
  status: "open",
  action: null,
  handledBy: null,
  handledAt: null,
  ...over,
});

type Queues = { open: ReportGroup[]; handled: ReportGroup[] };

/** The queue API with its groups in memory: an action moves the group to the handled tab, as the server does. */
const HELD: HeldScoreRow = {
  id: 3,
  score: 1_000_000,
  won: null,
  reason: "ten_times_top",
  boardTop: 4_200,
  createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
  user: { id: 5, username: "alice" },
  game: { id: 8, title: "Lane Racer", format: "points" },
};

function api(
  who: typeof ADMIN,
  queues: Queues,
  action?: (req: MockRequest) => Response | undefined,
  held: HeldScoreRow[] = [],
  broken: BrokenGame[] = [],
) {
  const answer = (status: string, kind: string | null): ReportQueue => {
    const items = (status === "handled" ? queues.handled : queues.open).filter((g) => !kind || g.kind === kind);
    return { open: queues.open.length, items };
  };
  return mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(who)],
    ["GET", "/api/admin/held-scores", () => jsonResponse(held)],
    [
      "GET",
      "/api/admin/broken-games",
      () => jsonResponse(broken, { headers: { "X-Total-Count": String(broken.length) } }),
    ],
    [
      "POST",
      /^\/api\/admin\/broken-games\/\d+\/check$/,
      (req) => {
        const id = Number(req.url.pathname.split("/")[4]);
        const game = { ...broken.find((g) => g.id === id)!, failures: 0, error: null };
        broken = broken.map((g) => (g.id === id ? game : g));
        return jsonResponse({ outcome: "reachable", hidden: false, game });
      },
    ],
    [
      "PATCH",
      /^\/api\/admin\/games\/\d+$/,
      (req) => {
        const id = Number(req.url.pathname.split("/")[4]);
        broken = broken.filter((g) => g.id !== id);
        return jsonResponse({});
      },
    ],
    [
      "POST",
      /^\/api\/admin\/held-scores\/\d+\/(approve|reject)$/,
      (req) => {
        const id = Number(req.url.pathname.split("/")[4]);
        held = held.filter((h) => h.id !== id);
        return jsonResponse({ id, status: req.url.pathname.endsWith("approve") ? "approved" : "rejected" });
      },
    ],
    [
      "GET",
      "/api/admin/reports",
      ({ url }) => jsonResponse(answer(url.searchParams.get("status") ?? "open", url.searchParams.get("kind"))),
    ],
    [
      "POST",
      /^\/api\/admin\/reports\/\d+\/action$/,
      (req) => {
        const refused = action?.(req);
        if (refused) return refused;
        const id = Number(req.url.pathname.split("/")[4]);
        const done = queues.open.find((g) => g.id === id)!;
        const verb = (req.body as { action: ReportGroup["action"] }).action;
        queues.open = queues.open.filter((g) => g.id !== id);
        queues.handled = [
          {
            ...done,
            status: verb === "dismiss" ? "dismissed" : "actioned",
            action: verb,
            handledBy: who.username,
            handledAt: new Date().toISOString(),
          },
        ];
        return jsonResponse({ handled: done.reports.length, mutedUntil: verb === "mute" ? MUTED_UNTIL : null });
      },
    ],
  ]);
}

const reads = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls
    .map(([url, init]) => ({ url: new URL(String(url), "http://x"), method: init?.method ?? "GET" }))
    .filter((c) => c.method === "GET" && c.url.pathname === "/api/admin/reports")
    .map((c) => c.url.search);
const posts = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === "POST")
    .map(([url, init]) => [String(url), JSON.parse(String(init!.body))]);
const card = (name: RegExp | string) => screen.findByRole("article", { name });
const buttonsOf = (el: HTMLElement) =>
  within(el)
    .getAllByRole("button")
    .map((b) => b.textContent);

setUpScreenTests();
beforeEach(() => resetToasts());

describe("CmsReportsScreen (D96, D97)", () => {
  it("shows a group with its two reports: kind, author, the content as text, each reporter's reason, words and time", async () => {
    const fetch = api(ADMIN, { open: [group()], handled: [] });
    renderWithProviders(<CmsReportsScreen />, "/cms/reports");
    const item = await card("Chat message by alice");
    expect(item).toHaveTextContent("2 reports · last 5 minutes ago");
    expect(within(item).getByRole("heading", { name: "Reported by" })).toBeInTheDocument();
    // As text, never as HTML.
    expect(within(item).getByText("buy cheap coins at <b>spam.example</b>")).toBeInTheDocument();
    expect(item.querySelector("b")).toBeNull();
    const reports = within(item).getAllByRole("listitem");
    expect(reports).toHaveLength(2);
    expect(reports[0]).toHaveTextContent("bob");
    expect(reports[0]).toHaveTextContent("Spam or advertising");
    expect(reports[0]).toHaveTextContent("“again and again”");
    expect(reports[0]).toHaveTextContent("5 minutes ago");
    expect(reports[1]).toHaveTextContent("carol");
    expect(reports[1]).toHaveTextContent("Harassment or bullying");
    expect(reports[1]).toHaveTextContent("1 hour ago");
    expect(within(item).queryByRole("link")).toBeNull();
    expect(reads(fetch)).toEqual(["?status=open"]);
    // The Open tab counts what is open.
    expect(screen.getByRole("tab", { name: /Open/ })).toHaveTextContent("Open1");
  });

  it("shows the author's mute and ban, 'Content removed', the item's link, and clamps a long text with a way to read it all", async () => {
    const long = `${"a very long review ".repeat(30)}END`;
    api(ADMIN, {
      open: [
        group({
          id: 50,
          kind: "review",
          content: long,
          link: "/game/3",
          contentGone: true,
          author: { id: 5, username: "alice", avatarUrl: null, mutedUntil: MUTED_UNTIL, banned: true },
        }),
        group({
          id: 51,
          kind: "profile",
          link: "javascript:alert(1)",
          author: { id: 8, username: "dave", avatarUrl: null, mutedUntil: "2001-01-01T00:00:00.000Z", banned: false },
        }),
      ],
      handled: [],
    });
    renderWithProviders(<CmsReportsScreen />, "/cms/reports");
    const review = await card("Review by alice");
    expect(within(review).getByText(`Muted until ${formatDateTime(MUTED_UNTIL)}`)).toBeInTheDocument();
    expect(within(review).getByText("Banned")).toBeInTheDocument();
    expect(within(review).getByText("Content removed")).toBeInTheDocument();
    expect(within(review).getByRole("link", { name: /View on the site/ })).toHaveAttribute("href", "/game/3");
    const text = within(review).getByText(long);
    expect(text).toHaveClass("line-clamp-4");
    fireEvent.click(within(review).getByRole("button", { name: "Show all" }));
    expect(text).not.toHaveClass("line-clamp-4");
    expect(within(review).getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    // Content already gone: nothing left to delete.
    expect(within(review).getByRole("button", { name: "Delete content" })).toBeDisabled();
    // A mute that has ended is no badge; a link off the site is not followed.
    const profile = await card("Profile by dave");
    expect(within(profile).queryByText(/Muted until/)).toBeNull();
    expect(within(profile).queryByRole("link")).toBeNull();
  });

  it("offers the actions of actionsFor: a moderator gets no Ban, a profile no Delete", async () => {
    api(MODERATOR, {
      open: [
        group(),
        group({
          id: 60,
          kind: "profile",
          author: { id: 8, username: "dave", avatarUrl: null, mutedUntil: null, banned: false },
        }),
      ],
      handled: [],
    });
    renderWithProviders(<CmsReportsScreen />, "/cms/reports");
    expect(buttonsOf(await card("Chat message by alice"))).toEqual(["Dismiss", "Delete content", "Mute author"]);
    expect(buttonsOf(await card("Profile by dave"))).toEqual(["Dismiss", "Mute author"]);
    expect(screen.queryByRole("button", { name: "Ban author" })).toBeNull();
  });

  it("an admin also gets Ban, which asks first and says what it does", async () => {
    const fetch = api(ADMIN, { open: [group()], handled: [] });
    renderWithProviders(<CmsReportsScreen />, "/cms/reports");
    const item = await card("Chat message by alice");
    expect(buttonsOf(item)).toEqual(["Dismiss", "Delete content", "Mute author", "Ban author"]);
    fireEvent.click(within(item).getByRole("button", { name: "Ban author" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Ban alice?")).toBeInTheDocument();
    expect(
      within(dialog).getByText("Their sessions end at once and they disappear from the boards."),
    ).toBeInTheDocument();
    expect(posts(fetch)).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Ban author" }));
    expect(await screen.findByText("alice is banned")).toBeInTheDocument();
    expect(posts(fetch)).toEqual([["/api/admin/reports/41/action", { action: "ban" }]]);
  });

  it("Mute asks with the ladder, posts {action: mute}, toasts until when and refreshes the list", async () => {
    const fetch = api(MODERATOR, { open: [group()], handled: [] });
    renderWithProviders(<CmsReportsScreen />, "/cms/reports");
    fireEvent.click(within(await card("Chat message by alice")).getByRole("button", { name: "Mute author" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Mute alice?")).toBeInTheDocument();
    expect(
      within(dialog).getByText(/^The next mute on the ladder is applied: 10 minutes, then 1 hour, then 24 hours\./),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Mute author" }));
    expect(await screen.findByText(`alice is muted until ${formatDateTime(MUTED_UNTIL)}`)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([["/api/admin/reports/41/action", { action: "mute" }]]);
    expect(await screen.findByText("No open reports.")).toBeInTheDocument();
    expect(reads(fetch).length).toBeGreaterThan(1);
  });

  it.each([
    ["Dismiss", "dismiss", "Dismiss these 2 reports?", "Report dismissed"],
    ["Delete content", "delete", "Delete this chat message?", "Content deleted"],
  ])("%s asks '%s'-style first, then posts and toasts", async (label, action, title, done) => {
    const fetch = api(ADMIN, { open: [group()], handled: [] });
    renderWithProviders(<CmsReportsScreen />, "/cms/reports");
    fireEvent.click(within(await card("Chat message by alice")).getByRole("button", { name: label }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(title)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: label }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([["/api/admin/reports/41/action", { action }]]);
  });

  it("Cancel does nothing; a refusal is a toast with the server's words and the item stays", async () => {
    const fetch = api(ADMIN, { open: [group()], handled: [] }, () =>
      jsonResponse({ message: "Only admins can ban players" }, { status: 403 }),
    );
    renderWithProviders(<CmsReportsScreen />, "/cms/reports");
    const item = await card("Chat message by alice");
    fireEvent.click(within(item).getByRole("button", { name: "Dismiss" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(posts(fetch)).toEqual([]);
    fireEvent.click(within(item).getByRole("button", { name: "Ban author" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Ban author" }));
    expect(await screen.findByText("Failed to ban author: Only admins can ban players")).toBeInTheDocument();
    expect(await card("Chat message by alice")).toBeInTheDocument();
  });

  it("the Handled tab shows what was done, by whom and when; the kind select filters", async () => {
    const handledAt = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    const fetch = api(ADMIN, {
      open: [],
      handled: [
        group({ id: 70, status: "actioned", action: "mute", handledBy: "molly", handledAt }),
        group({ id: 71, kind: "review", status: "dismissed", action: "dismiss", handledBy: "admin", handledAt }),
      ],
    });
    renderWithProviders(<CmsReportsScreen />, "/cms/reports");
    expect(await screen.findByText("No open reports.")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Handled" }));
    const muted = await card("Chat message by alice");
    expect(muted).toHaveTextContent("Author muted by molly · 2 hours ago");
    expect(within(muted).queryByRole("button", { name: /Dismiss|Mute|Ban|Delete/ })).toBeNull();
    expect(await card("Review by alice")).toHaveTextContent("Dismissed by admin · 2 hours ago");
    expect(reads(fetch)).toContain("?status=handled");

    fireEvent.click(screen.getByRole("combobox", { name: "Kind" }));
    fireEvent.click(await screen.findByRole("option", { name: "Review" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Chat message by alice" })).toBeNull());
    expect(reads(fetch)).toContain("?status=handled&kind=review");
    expect(screen.getByRole("article", { name: "Review by alice" })).toBeInTheDocument();
  });

  it("D108: the Held scores tab lists a score far above its board with why; Approve posts, toasts and empties the list", async () => {
    const fetch = api(MODERATOR, { open: [], handled: [] }, undefined, [HELD]);
    renderWithProviders(<CmsReportsScreen />, "/cms/reports");
    const tab = await screen.findByRole("tab", { name: /Held scores/ });
    await waitFor(() => expect(tab).toHaveTextContent("1"));
    fireEvent.mouseDown(tab);
    const held = await card("1,000,000 on Lane Racer");
    expect(held).toHaveTextContent("by alice");
    expect(held).toHaveTextContent("More than 10 times the top score (4,200)");
    expect(screen.queryByRole("combobox", { name: "Kind" })).toBeNull();
    fireEvent.click(within(held).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Score approved: it is on the leaderboards now")).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url).endsWith("/api/admin/held-scores/3/approve") && init?.method === "POST",
      ),
    ).toBe(true);
    expect(await screen.findByText("No scores are waiting for review.")).toBeInTheDocument();
  });

  it("D108: a held score's alert (/cms/reports?status=scores) opens on the Held scores tab", async () => {
    api(MODERATOR, { open: [group()], handled: [] }, undefined, [HELD]);
    renderWithProviders(<CmsReportsScreen />, "/cms/reports?status=scores");
    expect(await screen.findByRole("tab", { name: /Held scores/, selected: true })).toBeInTheDocument();
    expect(await card("1,000,000 on Lane Racer")).toBeInTheDocument();
  });

  const BROKEN: BrokenGame = {
    id: 31,
    title: "Blank Screen",
    imageUrl: "",
    externalUrl: "https://games.example/blank/",
    hiddenReason: "unreachable",
    failures: 3,
    checkedAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
    error: "The game's address answered HTTP 404",
    reports: 2,
    lastReportedAt: new Date(Date.now() - 30 * 60_000).toISOString(),
  };

  it("D114: the Broken games tab (?status=broken) lists a game with its failures, error and reports; Check now and Show again", async () => {
    const fetch = api(ADMIN, { open: [], handled: [] }, undefined, [], [BROKEN]);
    renderWithProviders(<CmsReportsScreen />, "/cms/reports?status=broken");
    const tab = await screen.findByRole("tab", { name: /Broken games/, selected: true });
    await waitFor(() => expect(tab).toHaveTextContent("1"));
    const broken = await card("Blank Screen");
    expect(broken).toHaveTextContent("Hidden: unreachable");
    expect(broken).toHaveTextContent("3 failed checks in a row");
    expect(broken).toHaveTextContent("2 reports");
    expect(broken).toHaveTextContent("The game's address answered HTTP 404");
    expect(broken).toHaveTextContent("https://games.example/blank/");
    fireEvent.click(within(broken).getByRole("button", { name: "Check now" }));
    expect(await screen.findByText("Blank Screen loads")).toBeInTheDocument();
    await waitFor(() => expect(broken).not.toHaveTextContent("failed checks"));
    fireEvent.click(within(broken).getByRole("button", { name: "Show again" }));
    expect(await screen.findByText("Blank Screen is shown to players again")).toBeInTheDocument();
    expect(
      fetch.mock.calls.find(
        ([url, init]) => String(url).endsWith("/api/admin/games/31") && init?.method === "PATCH",
      )?.[1]?.body,
    ).toBe(JSON.stringify({ hiddenReason: null }));
    expect(await screen.findByText("Every game loads: no failed checks and no reports.")).toBeInTheDocument();
  });

  it("D114: a moderator checks a broken game but cannot show it again", async () => {
    api(MODERATOR, { open: [], handled: [] }, undefined, [], [BROKEN]);
    renderWithProviders(<CmsReportsScreen />, "/cms/reports?status=broken");
    const broken = await card("Blank Screen");
    expect(buttonsOf(broken)).toEqual(["Check now"]);
  });
});
