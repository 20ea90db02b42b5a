import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { jsonResponse, mockApi, renderWithProviders } from "@test/render-app";
import { GameAdsSwitch } from "./game-ads-switch";

function api(initial: boolean, refuse = false) {
  let adsOn = initial;
  return mockApi([
    ["GET", "/api/admin/games/50/ads", () => jsonResponse({ adsOn })],
    [
      "PUT",
      "/api/admin/games/50/ads",
      (req) => {
        if (refuse) return jsonResponse({ message: "Admins only" }, { status: 403 });
        adsOn = (req.body as { adsOn: boolean }).adsOn;
        return jsonResponse({ adsOn });
      },
    ],
  ]);
}
const puts = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === "PUT").map(([, init]) => JSON.parse(String(init!.body)));

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("GameAdsSwitch (D153)", () => {
  it("shows the game's switch and turns its ads off at once", async () => {
    const fetch = api(true);
    renderWithProviders(<GameAdsSwitch gameId={50} />, "/cms/games");
    const toggle = await screen.findByRole("switch", { name: "Ads on this game" });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute("aria-checked", "true");
    fireEvent.click(toggle);
    expect(await screen.findByText("No ads on this game")).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(toggle).toHaveAccessibleDescription(/Off: this game's page and frame never show an ad/);
    expect(puts(fetch)).toEqual([{ adsOn: false }]);
  });

  it("puts the switch back when the change is refused", async () => {
    api(false, true);
    renderWithProviders(<GameAdsSwitch gameId={50} />, "/cms/games");
    const toggle = await screen.findByRole("switch", { name: "Ads on this game" });
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "false"));
    fireEvent.click(toggle);
    expect(await screen.findByText("Failed to change the game's ads")).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-checked", "false");
  });
});
