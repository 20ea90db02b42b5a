import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import type { AdminGameAchievement } from "@contract/game-achievements";
import { jsonResponse, mockApi, renderWithProviders, type MockRequest } from "@test/render-app";
import { GameAchievementsEditor } from "./game-achievements-editor";

const row = (
  id: number,
  key: string,
  title: string,
  extra: Partial<AdminGameAchievement> = {},
): AdminGameAchievement => ({
  id,
  key,
  title,
  description: "",
  iconUrl: null,
  hidden: false,
  sortOrder: id,
  unlocks: 0,
  ...extra,
});

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("CMS game achievements editor (D78)", () => {
  it("lists, adds, reorders and deletes through /api/admin/games/{id}/achievements", async () => {
    let items = [row(1, "first_win", "First Win"), row(2, "secret", "Secret", { hidden: true, unlocks: 3 })];
    const sent: MockRequest[] = [];
    mockApi([
      ["GET", "/api/admin/games/7/achievements", () => jsonResponse(items)],
      [
        "POST",
        "/api/admin/games/7/achievements",
        (req) => {
          sent.push(req);
          const b = req.body as { key: string; title: string };
          items = [...items, row(3, b.key, b.title)];
          return jsonResponse(items[2], { status: 201 });
        },
      ],
      [
        "PUT",
        "/api/admin/games/7/achievements/order",
        (req) => {
          sent.push(req);
          const ids = (req.body as { ids: number[] }).ids;
          items = ids.map((id) => items.find((a) => a.id === id)!);
          return jsonResponse(items);
        },
      ],
      [
        "DELETE",
        /^\/api\/admin\/games\/7\/achievements\/\d+$/,
        (req) => {
          sent.push(req);
          items = items.filter((a) => `/api/admin/games/7/achievements/${a.id}` !== req.url.pathname);
          return new Response(null, { status: 204 });
        },
      ],
    ]);
    renderWithProviders(<GameAchievementsEditor gameId={7} />);
    const list = await screen.findByRole("list", { name: "Game achievements" });
    expect(
      within(list)
        .getAllByTestId("cms-achievement")
        .map((li) => li.querySelector("code")?.textContent),
    ).toEqual(["first_win", "secret"]);
    expect(within(list).getByLabelText("Hidden")).toBeInTheDocument();

    // Add: the key is checked before sending
    fireEvent.click(screen.getByRole("button", { name: /Add achievement/ }));
    const form = screen.getByRole("form", { name: "New achievement" });
    fireEvent.change(within(form).getByLabelText("Key"), { target: { value: "Bad Key" } });
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Big Score" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add" }));
    expect(within(form).getByRole("alert")).toHaveTextContent(/lowercase/);
    expect(sent).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText("Key"), { target: { value: "score_1000" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(screen.getAllByTestId("cms-achievement")).toHaveLength(3));
    expect(sent[0].body).toEqual({
      key: "score_1000",
      title: "Big Score",
      description: "",
      iconUrl: "",
      hidden: false,
    });

    // Reorder: First Win moves down
    fireEvent.click(screen.getByRole("button", { name: "Move First Win down" }));
    await waitFor(() =>
      expect(screen.getAllByTestId("cms-achievement")[0].querySelector("code")?.textContent).toBe("secret"),
    );
    expect(sent[1].body).toEqual({ ids: [2, 1, 3] });

    // Delete, after a confirmation that says how many players have it
    const confirm = vi.fn(() => true);
    vi.stubGlobal("confirm", confirm);
    fireEvent.click(screen.getByRole("button", { name: "Delete Secret" }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining("3 players have it"));
    await waitFor(() => expect(screen.getAllByTestId("cms-achievement")).toHaveLength(2));
    expect(sent[2].url.pathname).toBe("/api/admin/games/7/achievements/2");
  });
});
