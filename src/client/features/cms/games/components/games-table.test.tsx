import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import type { AdminGame } from "@contract/admin/games";
import { makeGame } from "@test/client-fixtures";
import { jsonResponse, mockApi, renderWithProviders } from "@test/render-app";
import { EditGameDialog } from "./edit-game-dialog";
import { GamesTable } from "./games-table";

/** D113, D114: the CMS shows why a game is hidden from players, and shows it again on request. */

const admin = (id: number, extra: Partial<AdminGame> = {}): AdminGame => ({
  ...makeGame(id, { title: `Game ${id}` }),
  collectionIds: [],
  sdkAdapter: null,
  packageBytes: null,
  packageFiles: null,
  medianStartMs: null,
  hiddenReason: null,
  ...extra,
});

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("hidden games in the CMS (D113, D114)", () => {
  it("the games table marks a hidden game with its reason", () => {
    const games = [admin(1, { hiddenReason: "gone" }), admin(2, { hiddenReason: "unreachable" }), admin(3)];
    render(<GamesTable games={games} categories={[]} loading={false} onEdit={() => {}} onDelete={() => {}} />);
    const row = (title: string) => screen.getByText(title).closest("tr")!;
    expect(within(row("Game 1")).getByText("Hidden: gone from its feed")).toBeInTheDocument();
    expect(within(row("Game 2")).getByText("Hidden: unreachable")).toBeInTheDocument();
    expect(within(row("Game 3")).queryByText(/^Hidden/)).toBeNull();
  });

  it("Edit Game shows a hidden game again only when asked (hiddenReason: null)", async () => {
    const game = admin(50, { title: "Rocket", hiddenReason: "unreachable" });
    const fetch = mockApi([
      ["PATCH", "/api/admin/games/50", () => jsonResponse({ ...game, hiddenReason: null })],
      ["GET", "/api/admin/categories", () => jsonResponse([])],
      ["GET", "/api/admin/collections", () => jsonResponse([])],
      ["GET", /^\/api\/admin\/games\/50\/achievements/, () => jsonResponse([])],
    ]);
    const patches = () =>
      fetch.mock.calls
        .filter(([, init]) => init?.method === "PATCH")
        .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
    const view = renderWithProviders(<EditGameDialog game={game} onOpenChange={() => {}} />, "/cms/games");
    expect(screen.getByText("Hidden: unreachable")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Game updated successfully")).toBeInTheDocument();
    expect(patches()[0]).not.toHaveProperty("hiddenReason");

    view.unmount();
    renderWithProviders(<EditGameDialog game={game} onOpenChange={() => {}} />, "/cms/games");
    fireEvent.click(screen.getByRole("checkbox", { name: "Show to players again" }));
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findAllByText("Game updated successfully")).not.toHaveLength(0);
    expect(patches()[1]).toMatchObject({ hiddenReason: null, title: "Rocket" });
  });
});
