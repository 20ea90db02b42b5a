import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { makeGame } from "@test/client-fixtures";
import { jsonResponse, mockApi, renderWithProviders } from "@test/render-app";
import { AddGameDialog } from "./add-game-dialog";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};
const CATEGORIES = [{ id: 1, name: "Action", slug: "action", description: "", imageUrl: "", gameCount: 2 }];
const GAME = makeGame(50, {
  title: "Rocket",
  description: "Fly",
  imageUrl: "https://img.example/r.png",
  externalUrl: "https://games.example/rocket/",
  instructions: "x",
  new: true,
  createdAt: "2025-01-01T00:00:00.000Z",
  frameUrl: "https://games.example/rocket/",
});

function routes(extra: Parameters<typeof mockApi>[0] = []) {
  return mockApi([
    ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
    ["GET", "/api/admin/categories", () => jsonResponse(CATEGORIES)],
    ...extra,
  ]);
}
const submit = (name: RegExp | string) => fireEvent.click(screen.getByRole("button", { name }));
const alertText = () => screen.getByRole("dialog").querySelector("[role=alert]")?.textContent;

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("AddGameDialog (spec §2, §5, §7, §8)", () => {
  it("validates on submit in the spec's order, one message at a time, and sends nothing until valid", async () => {
    const fetch = routes([["POST", "/api/admin/games", () => jsonResponse(GAME, { status: 201 })]]);
    renderWithProviders(<AddGameDialog open onOpenChange={() => {}} />, "/cms/games");
    submit("Add Game");
    expect(alertText()).toBe("Title is required");
    expect(screen.getByLabelText("Title")).toHaveFocus();
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Rocket" } });
    submit("Add Game");
    expect(alertText()).toBe("Description is required");
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Fly" } });
    submit("Add Game");
    expect(alertText()).toBe("Image URL is required");
    fireEvent.change(screen.getByLabelText("Image URL"), { target: { value: "https://img.example/r.png" } });
    submit("Add Game");
    expect(alertText()).toBe("Game URL is required");
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    fireEvent.change(screen.getByLabelText("Game URL"), { target: { value: "https://games.example/rocket/" } });
    submit("Add Game");
    expect(await screen.findByText("Game added successfully")).toBeInTheDocument();
    const post = fetch.mock.calls.find(
      ([url, init]) => String(url).endsWith("/api/admin/games") && init?.method === "POST",
    )!;
    const body = JSON.parse(String(post[1]!.body));
    expect(body).toMatchObject({
      title: "Rocket",
      description: "Fly",
      imageUrl: "https://img.example/r.png",
      externalUrl: "https://games.example/rocket/",
      categoryId: 1,
      isFeatured: false,
      plays: 0,
      rating: 0,
      developer: "Unknown",
    });
    expect(Number.isInteger(body.categoryId)).toBe(true);
  });

  it("HTML Package mode requires the file, accepts .zip and .html, and uploads multipart", async () => {
    let resolveUpload: (r: Response) => void = () => {};
    const fetch = routes([
      ["POST", "/api/admin/games/upload", () => new Promise<Response>((r) => (resolveUpload = r))],
    ]);
    renderWithProviders(<AddGameDialog open onOpenChange={() => {}} />, "/cms/games");
    const tab = screen.getByRole("tab", { name: "HTML Package" });
    fireEvent.mouseDown(tab, { button: 0 });
    fireEvent.click(tab);
    await waitFor(() => expect(tab).toHaveAttribute("data-state", "active"));
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Zip" } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "A zip game" } });
    fireEvent.change(screen.getByLabelText("Image URL"), { target: { value: "/uploads/images/a.webp" } });
    submit("Upload Game");
    expect(alertText()).toBe("HTML file is required");
    const picker = screen.getByLabelText("Game package");
    expect(picker).toHaveAttribute("accept", ".zip,.html");
    fireEvent.change(picker, { target: { files: [new File(["PK"], "game.zip", { type: "application/zip" })] } });
    submit("Upload Game");
    expect(await screen.findByRole("button", { name: "Uploading..." })).toBeDisabled();
    resolveUpload(jsonResponse({ ...GAME, externalUrl: null }, { status: 201 }));
    expect(await screen.findByText("Game package uploaded successfully")).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith("/api/admin/games/upload"))!;
    const form = call[1]!.body as FormData;
    expect(form.get("categoryId")).toBe("1");
    expect(form.get("isFeatured")).toBe("false");
    expect((form.get("htmlFile") as File).name).toBe("game.zip");
    expect(new Headers(call[1]!.headers).get("Content-Type")).toBeNull();
  });

  it("a refused add shows 'Failed to add game: {server message}'", async () => {
    routes([
      [
        "POST",
        "/api/admin/games",
        () => jsonResponse({ message: "Game URL must start with http:// or https://" }, { status: 400 }),
      ],
    ]);
    renderWithProviders(<AddGameDialog open onOpenChange={() => {}} />, "/cms/games");
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "T" } });
    fireEvent.change(within(dialog).getByLabelText("Description"), { target: { value: "D" } });
    fireEvent.change(within(dialog).getByLabelText("Image URL"), { target: { value: "https://img.example/a.png" } });
    fireEvent.change(within(dialog).getByLabelText("Game URL"), { target: { value: "ftp://x" } });
    submit("Add Game");
    expect(
      await screen.findByText("Failed to add game: Game URL must start with http:// or https://"),
    ).toBeInTheDocument();
  });
});
