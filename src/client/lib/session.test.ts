import { afterEach, describe, expect, it, vi } from "vitest";
import { getCurrentUser, loginUrl } from "./session";

afterEach(() => vi.unstubAllGlobals());

const user = { id: 7, username: "neonfox", avatarUrl: null, createdAt: "2025-01-01T00:00:00Z", role: "player" };

describe("getCurrentUser (spec §4: a 401 or any failure means signed out)", () => {
  it("returns the user", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(user), { status: 200 })),
    );
    await expect(getCurrentUser()).resolves.toMatchObject({ id: 7, username: "neonfox" });
  });

  it.each([
    ["401", () => new Response(JSON.stringify({ message: "Not signed in" }), { status: 401 })],
    ["404 (endpoint missing)", () => new Response("Not Found", { status: 404 })],
    ["500", () => new Response("", { status: 500 })],
    ["a bad payload", () => new Response(JSON.stringify({ nope: true }), { status: 200 })],
  ])("returns null on %s", async (_label, respond) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => respond()),
    );
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it("returns null on a network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(getCurrentUser()).resolves.toBeNull();
  });
});

describe("loginUrl", () => {
  it("points at the server login endpoint", () => {
    expect(loginUrl()).toBe("/api/auth/login");
    expect(loginUrl({ returnTo: "/" })).toBe("/api/auth/login");
    expect(loginUrl({ register: true })).toBe("/api/auth/login?tab=register");
    expect(loginUrl({ returnTo: "/game/3" })).toBe("/api/auth/login?returnTo=%2Fgame%2F3");
  });
});
