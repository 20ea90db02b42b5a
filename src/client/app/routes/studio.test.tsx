import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import type { GameBuild, GameBuilds, StudioGame } from "@contract/studio";
import { jsonResponse, mockApi, noContent, renderApp, setUpScreenTests, signedInAs, signedOut } from "@test/render-app";

/** /studio (D130, D131): a creator's games and builds; others are sent to sign in or to apply. */

const creator = signedInAs({ id: 4, username: "Maker", role: "creator" });
const GAME: StudioGame = {
  id: 12,
  title: "Star Hopper",
  imageUrl: "",
  hiddenReason: "draft",
  hasPackage: true,
  liveBuild: 2,
  buildCount: 2,
};
const build = (number: number, live: boolean, review: Partial<GameBuild["review"]> = {}): GameBuild => ({
  number,
  notes: `notes ${number}`,
  bytes: 2048,
  files: 3,
  uploadedBy: { id: 4, username: "Maker" },
  createdAt: "2026-12-07T10:00:00.000Z",
  live,
  review: {
    state: "live",
    notes: null,
    publishAt: null,
    submittedAt: null,
    reviewedAt: null,
    publishedAt: "2026-12-07T10:00:00.000Z",
    ...review,
  },
});

setUpScreenTests();
beforeEach(() => resetToasts());

describe("Studio screen (D130, D131)", () => {
  it("asks a signed-out visitor to sign in", async () => {
    mockApi([signedOut, noContent]);
    renderApp("/studio");
    expect(await screen.findByRole("heading", { name: "Sign in to open your studio" })).toBeInTheDocument();
  });

  it("tells a player the studio is for creators, and where to apply", async () => {
    const fetch = mockApi([signedInAs({ id: 3, username: "Pixel" }), noContent]);
    renderApp("/studio");
    expect(await screen.findByRole("heading", { name: "The studio is for creators" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Apply to become a creator" })).toHaveAttribute(
      "href",
      "/settings#creator",
    );
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain("/api/studio/games");
  });

  it("lists a creator's game with its builds and makes an earlier build live in one click", async () => {
    let builds: GameBuilds = { game: GAME, builds: [build(2, true), build(1, false)] };
    const fetch = mockApi([
      creator,
      noContent,
      ["GET", "/api/studio/games", () => jsonResponse([{ ...GAME, liveBuild: builds.game.liveBuild }])],
      ["GET", "/api/studio/games/12/builds", () => jsonResponse(builds)],
      [
        "POST",
        "/api/studio/games/12/builds/1/live",
        () => {
          builds = { game: { ...GAME, liveBuild: 1 }, builds: [build(2, false), build(1, true)] };
          return jsonResponse(builds);
        },
      ],
    ]);
    renderApp("/studio");
    expect(await screen.findByText("Star Hopper")).toBeInTheDocument();
    expect(screen.getByText("Draft: hidden until staff show it")).toBeInTheDocument();
    const live = await screen.findByRole("listitem", { name: "Build 2 (live)" });
    expect(within(live).getByText("notes 2")).toBeInTheDocument();
    expect(within(live).queryByRole("button", { name: /Make live/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /^Make live\s*build 1$/ }));
    expect(await screen.findByText("Build 1 is live")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("listitem", { name: "Build 1 (live)" })).toBeInTheDocument());
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST").map(([url]) => String(url))).toEqual([
      "/api/studio/games/12/builds/1/live",
    ]);
  });

  it("shows each build's review, the staff's notes, and submits a build sent back (D133)", async () => {
    let builds: GameBuilds = {
      game: GAME,
      builds: [
        build(3, false, { state: "changes_requested", notes: "The title screen is blank", publishedAt: null }),
        build(2, false, { state: "submitted", publishedAt: null }),
        build(1, true),
      ],
    };
    const fetch = mockApi([
      creator,
      noContent,
      ["GET", "/api/studio/games", () => jsonResponse([GAME])],
      ["GET", "/api/studio/games/12/builds", () => jsonResponse(builds)],
      [
        "POST",
        "/api/studio/games/12/builds/3/submit",
        () => {
          builds = {
            ...builds,
            builds: [build(3, false, { state: "submitted", publishedAt: null }), ...builds.builds.slice(1)],
          };
          return jsonResponse(builds);
        },
      ],
    ]);
    renderApp("/studio");
    const sentBack = await screen.findByRole("listitem", { name: "Build 3" });
    expect(within(sentBack).getByText("Changes requested")).toBeInTheDocument();
    expect(within(sentBack).getByText("The title screen is blank")).toBeInTheDocument();
    // a build that never passed review cannot be made live from the studio
    expect(within(sentBack).queryByRole("button", { name: /Make live/ })).toBeNull();
    const waiting = screen.getByRole("listitem", { name: "Build 2" });
    expect(within(waiting).getByText("In review")).toBeInTheDocument();
    expect(within(waiting).queryByRole("button", { name: /Submit for review/ })).toBeNull();
    fireEvent.click(within(sentBack).getByRole("button", { name: /Submit for review/ }));
    expect(await screen.findByText("Build 3 submitted")).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole("listitem", { name: "Build 3" })).getByText("In review")));
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST").map(([url]) => String(url))).toEqual([
      "/api/studio/games/12/builds/3/submit",
    ]);
  }, 15_000);
});
