import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import type { AdminGame } from "@contract/admin/games";
import { makeGame } from "@test/client-fixtures";
import { jsonResponse, mockApi, renderWithProviders } from "@test/render-app";
import { AddGameDialog } from "./add-game-dialog";
import { EditGameDialog } from "./edit-game-dialog";
import { MAX_SCORE_INVALID, MIN_ROUND_INVALID } from "./score-rules-fields";

/** D90: the game forms' "Scores" section (order, format, maximum score, minimum round length). */

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};
const CATEGORIES = [{ id: 1, name: "Action", slug: "action", description: "", imageUrl: "", gameCount: 2 }];
const GAME: AdminGame = {
  ...makeGame(50, {
    title: "Rocket",
    scoreRules: { order: "desc", format: "points", maxScore: 5000, minRoundMs: 3000 },
  }),
  collectionIds: [],
  sdkAdapter: null,
  packageBytes: null,
  packageFiles: null,
  medianStartMs: null,
  hiddenReason: null,
};

function routes(extra: Parameters<typeof mockApi>[0] = []) {
  return mockApi([
    ...extra,
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    ["GET", "/api/admin/categories", () => jsonResponse(CATEGORIES)],
    ["GET", "/api/admin/collections", () => jsonResponse([])],
    ["GET", /^\/api\/admin\/games\/50\/achievements/, () => jsonResponse([])],
  ]);
}
const bodyOf = (fetch: ReturnType<typeof mockApi>, method: string, url: string) => {
  const call = fetch.mock.calls.find(([u, init]) => String(u).endsWith(url) && init?.method === method);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};
const scores = () => within(screen.getByRole("group", { name: "Scores" }));
async function choose(combobox: string, option: string) {
  fireEvent.click(scores().getByRole("combobox", { name: combobox }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("Edit Game › Scores (D90)", () => {
  it("shows the game's rules and sends only the ones that changed: blank clears the maximum, seconds go as milliseconds", async () => {
    const fetch = routes([["PATCH", "/api/admin/games/50", () => jsonResponse(GAME)]]);
    renderWithProviders(<EditGameDialog game={GAME} onOpenChange={() => {}} />, "/cms/games");
    expect(scores().getByRole("combobox", { name: "Order" })).toHaveTextContent("Higher is better");
    expect(scores().getByRole("combobox", { name: "Format" })).toHaveTextContent("Points");
    expect(scores().getByLabelText("Maximum score")).toHaveValue("5000");
    expect(scores().getByLabelText("Minimum round (seconds)")).toHaveValue("3");
    // D108: a points game where more is better, with a maximum, adds to the totals
    expect(screen.getByTestId("score-rules-total-note")).toHaveTextContent(
      "add to the players' global and season totals",
    );
    fireEvent.change(scores().getByLabelText("Maximum score"), { target: { value: "" } });
    expect(screen.getByTestId("score-rules-total-note")).toHaveTextContent(
      "Without a maximum score this game keeps its own board but stays off the global and season totals",
    );

    await choose("Order", "Lower is better");
    await choose("Format", "Time");
    fireEvent.change(scores().getByLabelText("Maximum score"), { target: { value: " " } });
    fireEvent.change(scores().getByLabelText("Minimum round (seconds)"), { target: { value: "2.5" } });
    expect(screen.getByTestId("score-rules-total-note")).toHaveTextContent("never add to the global or season totals");
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Game updated successfully")).toBeInTheDocument();
    expect(bodyOf(fetch, "PATCH", "/api/admin/games/50").scoreRules).toEqual({
      order: "asc",
      format: "time_ms",
      maxScore: null,
      minRoundMs: 2500,
    });
  });

  it("sends no scoreRules when they did not change, and only the changed one when one did", async () => {
    const fetch = routes([["PATCH", "/api/admin/games/50", () => jsonResponse(GAME)]]);
    const view = renderWithProviders(<EditGameDialog game={GAME} onOpenChange={() => {}} />, "/cms/games");
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Game updated successfully")).toBeInTheDocument();
    expect(bodyOf(fetch, "PATCH", "/api/admin/games/50")).not.toHaveProperty("scoreRules");

    view.unmount();
    resetToasts();
    fetch.mockClear();
    renderWithProviders(<EditGameDialog game={GAME} onOpenChange={() => {}} />, "/cms/games");
    fireEvent.change(scores().getByLabelText("Maximum score"), { target: { value: "12000" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Game updated successfully")).toBeInTheDocument();
    expect(bodyOf(fetch, "PATCH", "/api/admin/games/50").scoreRules).toEqual({ maxScore: 12000 });
  });

  it("a value it cannot read is marked under its field and nothing is sent", async () => {
    const fetch = routes([["PATCH", "/api/admin/games/50", () => jsonResponse(GAME)]]);
    renderWithProviders(<EditGameDialog game={GAME} onOpenChange={() => {}} />, "/cms/games");
    const max = scores().getByLabelText("Maximum score");
    fireEvent.change(max, { target: { value: "lots" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(scores().getByRole("alert")).toHaveTextContent(MAX_SCORE_INVALID);
    expect(max).toHaveAttribute("aria-invalid", "true");
    expect(max).toHaveFocus();
    fireEvent.change(max, { target: { value: "100" } });
    expect(scores().queryByRole("alert")).toBeNull();
    fireEvent.change(scores().getByLabelText("Minimum round (seconds)"), { target: { value: "1,5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(scores().getByRole("alert")).toHaveTextContent(MIN_ROUND_INVALID);
    expect(fetch.mock.calls.some(([, init]) => init?.method === "PATCH")).toBe(false);
  });

  it("shows the server's 400 message when the change is refused, and stays open", async () => {
    const message = "minRoundMs must be at most a day";
    const onOpenChange = vi.fn();
    routes([["PATCH", "/api/admin/games/50", () => jsonResponse({ message, errors: [] }, { status: 400 })]]);
    renderWithProviders(<EditGameDialog game={GAME} onOpenChange={onOpenChange} />, "/cms/games");
    fireEvent.change(scores().getByLabelText("Minimum round (seconds)"), { target: { value: "90000" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update game")).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("a time's maximum is shown as a time while it is typed", async () => {
    routes();
    const timed = {
      ...GAME,
      scoreRules: { order: "asc", format: "time_ms", maxScore: null, minRoundMs: null },
    } satisfies AdminGame;
    renderWithProviders(<EditGameDialog game={timed} onOpenChange={() => {}} />, "/cms/games");
    expect(scores().getByText("In milliseconds (60000 = 1:00.000). Blank: no limit.")).toBeInTheDocument();
    fireEvent.change(scores().getByLabelText("Maximum score"), { target: { value: "600000" } });
    expect(scores().getByText("10:00.000: a longer time is refused.")).toBeInTheDocument();
  });
});

describe("Add New Game › Scores (D90)", () => {
  const fill = () => {
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Sprint" } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Run" } });
    fireEvent.change(screen.getByLabelText("Image URL"), { target: { value: "https://img.example/s.png" } });
    fireEvent.change(screen.getByLabelText("Game URL"), { target: { value: "https://games.example/sprint/" } });
  };

  it("a linked game sends the rules that differ from the defaults; left alone, none", async () => {
    const fetch = routes([["POST", "/api/admin/games", () => jsonResponse(GAME, { status: 201 })]]);
    const view = renderWithProviders(<AddGameDialog open onOpenChange={() => {}} />, "/cms/games");
    fill();
    await choose("Order", "Lower is better");
    await choose("Format", "Time");
    fireEvent.change(scores().getByLabelText("Minimum round (seconds)"), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Add Game" }));
    expect(await screen.findByText("Game added successfully")).toBeInTheDocument();
    expect(bodyOf(fetch, "POST", "/api/admin/games").scoreRules).toEqual({
      order: "asc",
      format: "time_ms",
      minRoundMs: 20_000,
    });

    view.unmount();
    fetch.mockClear();
    renderWithProviders(<AddGameDialog open onOpenChange={() => {}} />, "/cms/games");
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Add Game" }));
    await waitFor(() => expect(bodyOf(fetch, "POST", "/api/admin/games")).toBeDefined());
    expect(bodyOf(fetch, "POST", "/api/admin/games")).not.toHaveProperty("scoreRules");
  });

  it("an uploaded package has no Scores section (its game.json says its rules)", async () => {
    routes();
    renderWithProviders(<AddGameDialog open onOpenChange={() => {}} />, "/cms/games");
    expect(screen.getByRole("group", { name: "Scores" })).toBeInTheDocument();
    const tab = screen.getByRole("tab", { name: "HTML Package" });
    fireEvent.mouseDown(tab, { button: 0 });
    fireEvent.click(tab);
    await waitFor(() => expect(tab).toHaveAttribute("data-state", "active"));
    expect(screen.queryByRole("group", { name: "Scores" })).toBeNull();
  });
});
