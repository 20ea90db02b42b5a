import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { createQueryClient } from "@/lib/query-client";
import { authKeys, myGamesKeys } from "@/lib/query-keys";
import {
  jsonResponse,
  mockApi,
  renderWithProviders,
  setUpScreenTests,
  signedInAs,
  signedOut,
  type MockRoute,
} from "@test/render-app";
import { FavoriteButton } from "./favorite-button";

/** D86: the heart on game cards and the game page: optimistic, undoable, a sign-in prompt for visitors. */

const game = { id: 7, title: "Neon Drift" };
const player = signedInAs({ id: 3, username: "PixelPioneer" });
const heart = () => screen.getByRole("button", { name: /Neon Drift (to|from) favourites/ });

/** A response the test releases when it wants to (to look at the button while the request is in flight). */
function deferred() {
  let release!: (res: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

setUpScreenTests();
beforeEach(() => resetToasts());

describe("FavoriteButton (D86)", () => {
  it("shows the player's favourites as pressed, with the 'Remove … from favourites' name", async () => {
    mockApi([player, ["GET", "/api/favorites/ids", () => jsonResponse({ ids: [9, 7] })]]);
    renderWithProviders(<FavoriteButton game={game} />);
    await waitFor(() => expect(heart()).toHaveAttribute("aria-pressed", "true"));
    expect(heart()).toHaveAccessibleName("Remove Neon Drift from favourites");
  });

  it("fills at once (optimistic), confirms with a toast, and Undo removes it again", async () => {
    const put = deferred();
    const fetch = mockApi([
      player,
      ["GET", "/api/favorites/ids", () => jsonResponse({ ids: [] })],
      ["PUT", "/api/favorites/7", () => put.promise],
      ["DELETE", "/api/favorites/7", () => new Response(null, { status: 204 })],
    ]);
    renderWithProviders(<FavoriteButton game={game} />);
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === "/api/favorites/ids")).toBe(true));
    expect(heart()).toHaveAttribute("aria-pressed", "false");
    expect(heart()).toHaveAccessibleName("Add Neon Drift to favourites");

    fireEvent.click(heart());
    // before the server has answered
    await waitFor(() => expect(heart()).toHaveAttribute("aria-pressed", "true"));
    expect(heart()).toHaveAccessibleName("Remove Neon Drift from favourites");
    await act(async () => put.release(new Response(null, { status: 204 })));

    expect(await screen.findByText("Added Neon Drift to favourites")).toBeInTheDocument();
    const put0 = fetch.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(put0?.[1]?.headers).toMatchObject({ "Content-Type": "application/json" });

    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(heart()).toHaveAttribute("aria-pressed", "false"));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => String(url) === "/api/favorites/7" && init?.method === "DELETE"),
      ).toBe(true),
    );
    expect(heart()).toHaveAttribute("aria-pressed", "false");
  });

  it("removing is optimistic too, and its Undo adds it back", async () => {
    const fetch = mockApi([
      player,
      ["GET", "/api/favorites/ids", () => jsonResponse({ ids: [7] })],
      ["PUT", "/api/favorites/7", () => new Response(null, { status: 204 })],
      ["DELETE", "/api/favorites/7", () => new Response(null, { status: 204 })],
    ]);
    renderWithProviders(<FavoriteButton game={game} />);
    await waitFor(() => expect(heart()).toHaveAttribute("aria-pressed", "true"));
    fireEvent.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute("aria-pressed", "false"));
    expect(await screen.findByText("Removed Neon Drift from favourites")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(heart()).toHaveAttribute("aria-pressed", "true"));
    await waitFor(() => expect(fetch.mock.calls.filter(([, init]) => init?.method === "PUT")).toHaveLength(1));
  });

  it("rolls back with a toast when the server refuses", async () => {
    const put = deferred();
    const fetch = mockApi([
      player,
      ["GET", "/api/favorites/ids", () => jsonResponse({ ids: [] })],
      ["PUT", "/api/favorites/7", () => put.promise],
    ]);
    renderWithProviders(<FavoriteButton game={game} />);
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === "/api/favorites/ids")).toBe(true));
    fireEvent.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute("aria-pressed", "true"));
    await act(async () =>
      put.release(jsonResponse({ message: "Too many changes to your favourites. Please slow down." }, { status: 429 })),
    );
    expect(await screen.findByText("Could not add Neon Drift to favourites")).toBeInTheDocument();
    expect(screen.getByText("Too many changes to your favourites. Please slow down.")).toBeInTheDocument();
    expect(heart()).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("asks a signed-out visitor to sign in, with a link back here, and sends nothing", async () => {
    const fetch = mockApi([signedOut]);
    window.history.replaceState(null, "", "/game/7");
    renderWithProviders(<FavoriteButton game={game} />, "/game/7");
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === "/api/auth/session")).toBe(true));
    await act(async () => undefined);
    fireEvent.click(heart());
    expect(await screen.findByText("Sign in to keep favourites")).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "Sign in" });
    expect(link).toHaveAttribute("href", "/api/auth/login?returnTo=%2Fgame%2F7");
    window.history.replaceState(null, "", "/");
    expect(heart()).toHaveAttribute("aria-pressed", "false");
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith("/api/favorites"))).toBe(false);
  });

  it("D70: the server renders it unpressed even when the cache knows the favourites, and it fills after hydration without a mismatch", async () => {
    const routes: MockRoute[] = [player, ["GET", "/api/favorites/ids", () => jsonResponse({ ids: [7] })]];
    mockApi(routes);
    const user = {
      id: 3,
      username: "PixelPioneer",
      avatarUrl: null,
      createdAt: "2025-01-01T00:00:00.000Z",
      role: "player" as const,
    };
    const seeded = () => {
      const qc = createQueryClient();
      qc.setQueryData(authKeys.user(), user);
      qc.setQueryData(myGamesKeys.favoriteIds(3), [7]);
      return qc;
    };
    const html = renderToString(
      <QueryClientProvider client={seeded()}>
        <FavoriteButton game={game} />
      </QueryClientProvider>,
    );
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain("Add Neon Drift to favourites");

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <QueryClientProvider client={seeded()}>
          <FavoriteButton game={game} />
        </QueryClientProvider>,
        { onRecoverableError: (e) => void errors.push(e) },
      );
    });
    await waitFor(() => expect(container.querySelector("button")).toHaveAttribute("aria-pressed", "true"));
    expect(errors).toEqual([]);
    container.remove();
  });
});
