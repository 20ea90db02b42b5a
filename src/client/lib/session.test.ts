import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentUserSchema } from "@contract/auth";
import { getCurrentUser, loginUrl, toCurrentUser } from "./session";

afterEach(() => vi.unstubAllGlobals());

const user = { id: 7, username: "neonfox", avatarUrl: null, createdAt: "2025-01-01T00:00:00Z", role: "player" };

describe("getCurrentUser (spec §4: signed out or any failure means signed out; ADR 011)", () => {
  it("asks GET /api/auth/session and returns its user", async () => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ user }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await expect(getCurrentUser()).resolves.toMatchObject({ id: 7, username: "neonfox" });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/auth/session"]);
  });

  it("returns null for the signed-out answer {user: null}", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ user: null }), { status: 200 })),
    );
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it.each([
    ["401", () => new Response(JSON.stringify({ message: "Not signed in" }), { status: 401 })],
    ["404 (endpoint missing)", () => new Response("Not Found", { status: 404 })],
    ["500", () => new Response("", { status: 500 })],
    ["a bad payload", () => new Response(JSON.stringify({ nope: true }), { status: 200 })],
    ["a bare user (not wrapped in {user})", () => new Response(JSON.stringify(user), { status: 200 })],
    ["a bad user", () => new Response(JSON.stringify({ user: { ...user, role: "root" } }), { status: 200 })],
    ["null", () => new Response("null", { status: 200 })],
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

describe("toCurrentUser (issue 13 item 6, D73: a hand check instead of zod on every page)", () => {
  // Values that are mostly, but not always, what the contract asks for.
  const mostly = <T>(valid: fc.Arbitrary<T>, ...invalid: fc.Arbitrary<unknown>[]) =>
    fc.oneof({ arbitrary: valid, weight: 8 }, ...invalid);
  const payload = mostly(
    fc.record(
      {
        id: mostly(fc.integer(), fc.constant(2 ** 53), fc.double(), fc.constant("7")),
        username: mostly(fc.string(), fc.integer(), fc.constant(null)),
        avatarUrl: mostly(fc.option(fc.string()), fc.integer()),
        createdAt: mostly(fc.string(), fc.integer()),
        role: mostly(fc.constantFrom("player", "creator", "moderator", "admin"), fc.constantFrom("root", "", 1)),
        email: fc.string(),
      },
      { requiredKeys: ["id", "username", "avatarUrl", "createdAt", "role"] },
    ),
    fc.jsonValue(),
    fc.record({ id: fc.integer(), username: fc.string(), createdAt: fc.string(), role: fc.constant("player") }),
  );

  it("accepts and returns what the contract's currentUserSchema accepts and returns, and nothing else", () => {
    fc.assert(
      fc.property(payload, (data) => {
        const expected = currentUserSchema.safeParse(data);
        expect(toCurrentUser(data)).toEqual(expected.success ? expected.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps only the user's fields", () => {
    expect(toCurrentUser({ ...user, email: "a@b.c", passwordHash: "x" })).toEqual(user);
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
