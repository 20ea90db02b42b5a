import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { FEED_ADMIN, makeFeed, makeFeedDetail } from "@test/client-feed-fixtures";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests, type MockRequest } from "@test/render-app";
import { FeedDialog } from "./feed-dialog";

setUpScreenTests();
beforeEach(() => resetToasts());

function routes(answer: (req: MockRequest) => Response) {
  const sent: MockRequest[] = [];
  mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(FEED_ADMIN)],
    ["POST", "/api/admin/feeds", (req) => (sent.push(req), answer(req))],
    ["PATCH", /^\/api\/admin\/feeds\/\d+$/, (req) => (sent.push(req), answer(req))],
  ]);
  return sent;
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(within(screen.getByRole("dialog")).getByLabelText(label), { target: { value } });

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

describe("FeedDialog: add (D110)", () => {
  it("asks for a JSON feed's address and mapping, then posts the kind, name, schedule, ads and mapping", async () => {
    const sent = routes(() => jsonResponse(makeFeedDetail(5, { kind: "json" }), { status: 201 }));
    renderWithProviders(<FeedDialog open onOpenChange={() => {}} />);
    expect(screen.getByLabelText("Carries its own ads")).toBeChecked();
    await choose("Kind", "JSON feed");
    // D115: a JSON feed's games are taken not to carry ads
    expect(screen.getByLabelText("Carries its own ads")).not.toBeChecked();
    type("Name", "Partner games");
    fireEvent.click(screen.getByRole("button", { name: "Add feed" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A JSON feed needs its address");
    type(/^Address/, "https://partner.example/games.json");
    type("Items path", "data.games");
    type(/^Id path/, "id");
    type(/^Title path/, "name");
    fireEvent.click(screen.getByRole("button", { name: "Add feed" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Give the path of the game address in an item");
    expect(screen.getByLabelText(/^Game address path/)).toHaveFocus();
    expect(sent).toEqual([]);

    type(/^Game address path/, "links.play");
    type("Cover image path", "media.images[0].url");
    type("Next page path", "links.next");
    await choose("Schedule", "Every day");
    fireEvent.click(screen.getByRole("button", { name: "Add feed" }));
    expect(await screen.findByText("Feed added")).toBeInTheDocument();
    expect(sent.map((r) => r.body)).toEqual([
      {
        kind: "json",
        name: "Partner games",
        url: "https://partner.example/games.json",
        schedule: "daily",
        carriesAds: false,
        mapping: {
          items: "data.games",
          fields: { externalId: "id", title: "name", embedUrl: "links.play", imageUrl: "media.images[0].url" },
          nextUrl: "links.next",
        },
      },
    ]);
  });

  it("shows the distributor's default address, asks GamePix for its publisher id, and keeps what was typed on a 400", async () => {
    const sent = routes(() => jsonResponse({ message: "The publisher id is not known to GamePix" }, { status: 400 }));
    const closed: boolean[] = [];
    renderWithProviders(<FeedDialog open onOpenChange={(o) => closed.push(o)} />);
    expect(screen.getByText(/Leave empty for GameDistribution's public feed/)).toHaveTextContent(
      "https://catalog.api.gamedistribution.com/api/v2.0/rss/All/",
    );
    expect(screen.queryByLabelText("Publisher id")).toBeNull();
    await choose("Kind", "GamePix");
    type("Name", "GamePix games");
    fireEvent.click(screen.getByRole("button", { name: "Add feed" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("GamePix needs a publisher id, or the feed's address");
    type("Publisher id", "sid-123");
    fireEvent.click(screen.getByRole("button", { name: "Add feed" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The feed was not added: The publisher id is not known to GamePix",
    );
    expect(sent.map((r) => r.body)).toEqual([
      { kind: "gamepix", name: "GamePix games", publisherId: "sid-123", schedule: "off", carriesAds: true },
    ]);
    expect(screen.getByLabelText("Name")).toHaveValue("GamePix games");
    expect(screen.getByLabelText("Publisher id")).toHaveValue("sid-123");
    expect(screen.getByRole("combobox", { name: "Kind" })).toHaveTextContent("GamePix");
    expect(closed).toEqual([]);
  });
});

describe("FeedDialog: edit (D110)", () => {
  it("opens with the feed's fields and saves them with paused, an emptied address as none", async () => {
    const sent = routes(() => jsonResponse(makeFeedDetail(4)));
    const feed = makeFeed(4, { name: "GD", url: "https://catalog.example/feed", schedule: "hourly" });
    renderWithProviders(<FeedDialog open feed={feed} onOpenChange={() => {}} />);
    expect(screen.getByLabelText("Name")).toHaveValue("GD");
    expect(screen.getByRole("combobox", { name: "Kind" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Schedule" })).toHaveTextContent("Every hour");
    type(/^Address/, "");
    fireEvent.click(screen.getByLabelText("Paused (no scheduled syncs)"));
    fireEvent.click(screen.getByRole("button", { name: "Save feed" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].url.pathname).toBe("/api/admin/feeds/4");
    expect(sent[0].body).toEqual({ name: "GD", url: null, schedule: "hourly", carriesAds: true, paused: true });
    expect(await screen.findByText("Feed saved")).toBeInTheDocument();
  });
});
