import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import type { AdminGame } from "@contract/admin/games";
import { makeGame } from "@test/client-fixtures";
import { jsonResponse, mockApi, renderWithProviders } from "@test/render-app";
import { EditGameDialog } from "./edit-game-dialog";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};
const CATEGORIES = [{ id: 1, name: "Action", slug: "action", description: "", imageUrl: "", gameCount: 2 }];
const COLLECTIONS = [
  {
    id: 1,
    slug: "modern-games",
    title: "Modern Games",
    description: "Polished.",
    imageUrl: "/experiences/modern-games.svg",
    sortOrder: 1,
    gameCount: 3,
  },
  { id: 2, slug: "retro-arcade", title: "Retro Arcade", description: "", imageUrl: "", sortOrder: 2, gameCount: 0 },
];
const GAME: AdminGame = {
  ...makeGame(50, { title: "Rocket", difficulty: "medium" }),
  collectionIds: [2],
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
    ["GET", "/api/admin/collections", () => jsonResponse(COLLECTIONS)],
    ["GET", /^\/api\/admin\/games\/50\/achievements/, () => jsonResponse([])],
  ]);
}
const bodyOf = (fetch: ReturnType<typeof mockApi>, method: string, url: string) => {
  const call = fetch.mock.calls.find(([u, init]) => String(u).endsWith(url) && init?.method === method);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("the game form's Difficulty and Collections (D83)", () => {
  it("shows the game's difficulty and ticked collections, and sends the changes (Not rated clears)", async () => {
    const fetch = routes([
      ["PATCH", "/api/admin/games/50", () => jsonResponse({ ...GAME, difficulty: null, collectionIds: [1] })],
    ]);
    renderWithProviders(<EditGameDialog game={GAME} onOpenChange={() => {}} />, "/cms/games");
    const collections = await screen.findByRole("group", { name: "Collections" });
    const modern = await within(collections).findByRole("checkbox", { name: "Modern Games" });
    const retro = within(collections).getByRole("checkbox", { name: "Retro Arcade" });
    expect(modern).not.toBeChecked();
    expect(retro).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Difficulty" })).toHaveTextContent("Medium");

    fireEvent.click(modern);
    fireEvent.click(retro);
    fireEvent.click(screen.getByRole("combobox", { name: "Difficulty" }));
    fireEvent.click(await screen.findByRole("option", { name: "Not rated" }));
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Game updated successfully")).toBeInTheDocument();
    expect(bodyOf(fetch, "PATCH", "/api/admin/games/50")).toMatchObject({ difficulty: null, collectionIds: [1] });
  });
});
