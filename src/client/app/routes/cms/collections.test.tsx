import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { jsonResponse, mockApi, renderWithProviders } from "@test/render-app";
import { CmsCollectionsScreen } from "./collections";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};
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

function routes(extra: Parameters<typeof mockApi>[0] = []) {
  return mockApi([
    ...extra,
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    ["GET", "/api/admin/collections", () => jsonResponse(COLLECTIONS)],
  ]);
}
const bodyOf = (fetch: ReturnType<typeof mockApi>, method: string, url: string) => {
  const call = fetch.mock.calls.find(([u, init]) => String(u).endsWith(url) && init?.method === method);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("/cms/collections (D83)", () => {
  it("lists the collections with their counts, adds one and deletes one", async () => {
    const fetch = routes([
      [
        "POST",
        "/api/admin/collections",
        () =>
          jsonResponse(
            {
              id: 3,
              slug: "brain-teasers",
              title: "Brain Teasers",
              description: "",
              imageUrl: "",
              sortOrder: 5,
              gameCount: 0,
            },
            { status: 201 },
          ),
      ],
      ["DELETE", "/api/admin/collections/2", () => new Response(null, { status: 204 })],
    ]);
    renderWithProviders(<CmsCollectionsScreen />, "/cms/collections");
    const table = await screen.findByRole("table", { name: "Collections" });
    await within(table).findByText("Modern Games");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent?.trim())
          .slice(1, 5),
      ),
    ).toEqual([
      ["modern-games", "Polished.", "1", "3"],
      ["retro-arcade", "—", "2", "0"],
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Add Collection" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Collection" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Title is required");
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Brain Teasers!" } });
    expect(within(dialog).getByLabelText("Slug")).toHaveValue("brain-teasers");
    fireEvent.change(within(dialog).getByLabelText("Order"), { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Collection" }));
    expect(await screen.findByText("Collection created")).toBeInTheDocument();
    expect(bodyOf(fetch, "POST", "/api/admin/collections")).toEqual({
      title: "Brain Teasers!",
      slug: "brain-teasers",
      description: "",
      imageUrl: "",
      sortOrder: 5,
    });

    fireEvent.click(screen.getByRole("button", { name: "Delete Retro Arcade" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent('Are you sure you want to delete "Retro Arcade"?');
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([u, init]) => String(u).endsWith("/api/admin/collections/2") && init?.method === "DELETE",
        ),
      ).toBe(true),
    );
    expect(await screen.findByText("Collection deleted")).toBeInTheDocument();
  });
});
