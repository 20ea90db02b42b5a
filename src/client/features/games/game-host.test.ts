import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi } from "@test/render-app";
import { handleSdkV2Request, publicUser, unlockAchievement, type GameHostDeps, type HostUser } from "./game-host";
import type { GameSaves } from "./game-saves";
import { SdkV2Error, type SdkV2Request } from "./sdk-v2";

afterEach(() => {
  vi.unstubAllGlobals();
});

const settings = { muted: true, locale: "fr", reducedMotion: false };

/** Plain stand-ins for everything the page hands the host. */
function stubs(overrides: Partial<GameHostDeps> = {}) {
  const saves = {
    getItem: vi.fn(async (key: string) => `value of ${key}`),
    setItem: vi.fn(async () => undefined),
    removeItem: vi.fn(async () => undefined),
    clear: vi.fn(async () => undefined),
    keys: vi.fn(async () => ["a", "b"]),
  };
  const deps = {
    gameId: 5,
    user: vi.fn((): HostUser | null => ({ id: 7, username: "ada", avatarUrl: null })),
    gameUser: vi.fn(async (): Promise<HostUser> => ({ id: 7, username: "ada", avatarUrl: null })),
    settings: vi.fn(() => settings),
    saves: vi.fn(() => saves as unknown as GameSaves),
    currentPlay: vi.fn(async (): Promise<string | null> => "play-1"),
    onGameplayStart: vi.fn(),
    onGameplayStop: vi.fn(),
    onProgress: vi.fn(),
    onScore: vi.fn(),
    unlock: vi.fn(async () => ({ unlocked: true })),
    ...overrides,
  };
  return { deps, saves };
}

describe("publicUser", () => {
  it("is null for a guest", () => {
    expect(publicUser(null, "http://localhost/")).toBeNull();
  });

  it("makes the picture's URL absolute against the page, keeps an absolute one, and null stays null", () => {
    const base = "https://arcadium.example/games/neon-drift";
    expect(publicUser({ id: 1, username: "ada", avatarUrl: "/uploads/a.webp" }, base)?.avatarUrl).toBe(
      "https://arcadium.example/uploads/a.webp",
    );
    expect(publicUser({ id: 1, username: "ada", avatarUrl: "https://cdn.example/a.png" }, base)?.avatarUrl).toBe(
      "https://cdn.example/a.png",
    );
    expect(publicUser({ id: 1, username: "ada", avatarUrl: null }, base)?.avatarUrl).toBeNull();
    expect(publicUser({ id: 1, username: "ada", avatarUrl: "" }, base)?.avatarUrl).toBeNull();
  });

  it("keeps only id, username and avatarUrl", () => {
    const user = {
      id: 1,
      username: "ada",
      avatarUrl: null,
      email: "ada@example.com",
      role: "admin",
      sessionToken: "s3cret",
    } as HostUser;
    expect(publicUser(user, "http://localhost/")).toEqual({ id: 1, username: "ada", avatarUrl: null });
  });
});

describe("handleSdkV2Request: init", () => {
  it("hands the game the player's id, username and absolute avatarUrl, and the settings — nothing else", async () => {
    const signedIn = {
      id: 7,
      username: "ada",
      avatarUrl: "/uploads/avatars/7.webp",
      email: "ada@example.com",
      role: "admin",
      createdAt: "2025-01-01T00:00:00.000Z",
      token: "s3cret",
    };
    const { deps } = stubs({ user: () => signedIn as HostUser, gameUser: async () => signedIn as HostUser });
    const result = (await handleSdkV2Request({ type: "init" }, deps)) as {
      user: Record<string, unknown>;
      settings: unknown;
    };
    const avatarUrl = new URL("/uploads/avatars/7.webp", window.location.href).href;
    expect(avatarUrl).toMatch(/^https?:\/\//);
    expect(result).toEqual({ user: { id: 7, username: "ada", avatarUrl }, settings });
    expect(Object.keys(result.user).sort()).toEqual(["avatarUrl", "id", "username"]);
    expect(JSON.stringify(result)).not.toMatch(/s3cret|example\.com|admin/);
  });

  it("hands over the player as the server names them to this game (issue 26: a profile that is not public, a pseudonym)", async () => {
    const gameUser = vi.fn(async (): Promise<HostUser> => ({ id: 2 ** 40 + 5, username: "Player", avatarUrl: null }));
    const { deps } = stubs({
      user: () => ({ id: 7, username: "ada", avatarUrl: "/uploads/avatars/7.webp" }),
      gameUser,
    });
    const result = await handleSdkV2Request({ type: "init" }, deps);
    expect(result).toEqual({ user: { id: 2 ** 40 + 5, username: "Player", avatarUrl: null }, settings });
    expect(JSON.stringify(result)).not.toMatch(/ada|avatars|"id":7\b/);
  });

  it("a player the server could not name to the game plays as a guest: never the account's id", async () => {
    const { deps } = stubs({ gameUser: () => Promise.reject(new Error("offline")) });
    expect(await handleSdkV2Request({ type: "init" }, deps)).toEqual({ user: null, settings });
  });

  it("hands over the invite link's code and parameters (D122) as copies, and neither without an invite", async () => {
    const params = { room: "ABC234", roomId: "42" };
    const { deps } = stubs({ user: () => null, inviteCode: () => "ABC234", inviteParams: () => params });
    const result = (await handleSdkV2Request({ type: "init" }, deps)) as { inviteParams: Record<string, string> };
    expect(result).toEqual({ user: null, settings, inviteCode: "ABC234", inviteParams: params });
    expect(result.inviteParams).not.toBe(params);
    const { deps: plain } = stubs({ user: () => null, inviteParams: () => null });
    expect(await handleSdkV2Request({ type: "init" }, plain)).toEqual({ user: null, settings });
  });

  it("answers user: null for a guest", async () => {
    const { deps } = stubs({ user: () => null });
    await expect(handleSdkV2Request({ type: "init" }, deps)).resolves.toEqual({ user: null, settings });
  });
});

describe("handleSdkV2Request: a game's own room (D122)", () => {
  it("hands the room the game says it is in, and its leaving, to the page", async () => {
    const onOwnRoom = vi.fn();
    const { deps } = stubs({ onOwnRoom });
    const room = { id: "photon-42", joinable: true, inviteParams: { roomId: "42" } };
    await expect(handleSdkV2Request({ type: "ownRoom.set", room }, deps)).resolves.toBeNull();
    await handleSdkV2Request({ type: "ownRoom.set", room: null }, deps);
    expect(onOwnRoom.mock.calls).toEqual([[room], [null]]);
  });

  it("hands the game's Invite button, with its params, and its hiding to the page", async () => {
    const onInviteButton = vi.fn();
    const { deps } = stubs({ onInviteButton });
    const params = { roomId: "42" };
    await expect(handleSdkV2Request({ type: "inviteButton.show", params }, deps)).resolves.toBeNull();
    await handleSdkV2Request({ type: "inviteButton.show", params: null }, deps);
    await expect(handleSdkV2Request({ type: "inviteButton.hide" }, deps)).resolves.toBeNull();
    expect(onInviteButton.mock.calls).toEqual([[{ params }], [{ params: null }], [null]]);
  });
});

describe("handleSdkV2Request: lifecycle calls", () => {
  it("hands gameplay, progress and scores to the player", async () => {
    const { deps } = stubs();
    await expect(handleSdkV2Request({ type: "gameplay.start" }, deps)).resolves.toBeNull();
    expect(deps.onGameplayStart).toHaveBeenCalledTimes(1);
    await handleSdkV2Request({ type: "gameplay.stop" }, deps);
    expect(deps.onGameplayStop).toHaveBeenCalledTimes(1);
    await handleSdkV2Request({ type: "loading.progress", progress: 0.4 }, deps);
    expect(deps.onProgress).toHaveBeenLastCalledWith(0.4);
    await handleSdkV2Request({ type: "loading.done" }, deps);
    expect(deps.onProgress).toHaveBeenLastCalledWith(1);
    await handleSdkV2Request({ type: "score.submit", score: 1200, won: false }, deps);
    expect(deps.onScore).toHaveBeenCalledWith(1200, false);
    expect(deps.onGameplayStart).toHaveBeenCalledTimes(1);
  });

  it("accepts happytime and track without doing anything", async () => {
    const { deps } = stubs();
    await expect(handleSdkV2Request({ type: "happytime" }, deps)).resolves.toBeNull();
    await expect(
      handleSdkV2Request({ type: "track", name: "level_complete", props: { level: 3 } }, deps),
    ).resolves.toBeNull();
    for (const fn of [
      deps.onGameplayStart,
      deps.onGameplayStop,
      deps.onProgress,
      deps.onScore,
      deps.unlock,
      deps.saves,
    ])
      expect(fn).not.toHaveBeenCalled();
  });
});

describe("handleSdkV2Request: saves", () => {
  it("passes data.* calls to the game's saves", async () => {
    const { deps, saves } = stubs();
    await expect(handleSdkV2Request({ type: "data.getItem", key: "level" }, deps)).resolves.toBe("value of level");
    await expect(handleSdkV2Request({ type: "data.setItem", key: "level", value: "3" }, deps)).resolves.toBeNull();
    expect(saves.setItem).toHaveBeenCalledWith("level", "3");
    await handleSdkV2Request({ type: "data.removeItem", key: "old" }, deps);
    expect(saves.removeItem).toHaveBeenCalledWith("old");
    await handleSdkV2Request({ type: "data.clear" }, deps);
    expect(saves.clear).toHaveBeenCalledTimes(1);
    await expect(handleSdkV2Request({ type: "data.keys" }, deps)).resolves.toEqual(["a", "b"]);
  });

  it("passes a refusal of the saves on", async () => {
    const { deps, saves } = stubs();
    saves.setItem.mockRejectedValueOnce(new SdkV2Error("quota", "Cloud save full"));
    await expect(handleSdkV2Request({ type: "data.setItem", key: "big", value: "x" }, deps)).rejects.toMatchObject({
      code: "quota",
    });
  });
});

describe("handleSdkV2Request: achievements", () => {
  const unlock: SdkV2Request = { type: "achievements.unlock", key: "first_win" };

  it("a guest gets {unlocked: false} without asking for a play or calling the API", async () => {
    const fetch = mockApi([]);
    const { deps } = stubs({ user: () => null, unlock: undefined });
    await expect(handleSdkV2Request(unlock, deps)).resolves.toEqual({ unlocked: false });
    expect(deps.currentPlay).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("rejects with 'no_play' when no play is open", async () => {
    const { deps } = stubs({ currentPlay: vi.fn(async () => null) });
    await expect(handleSdkV2Request(unlock, deps)).rejects.toMatchObject({ code: "no_play" });
    expect(deps.unlock).not.toHaveBeenCalled();
  });

  it("unlocks with the game, the key and the open play", async () => {
    const { deps } = stubs();
    await expect(handleSdkV2Request(unlock, deps)).resolves.toEqual({ unlocked: true });
    expect(deps.unlock).toHaveBeenCalledWith(5, "first_win", "play-1");
  });

  it("calls POST /api/games/{id}/achievements/unlock by default", async () => {
    const fetch = mockApi([["POST", "/api/games/5/achievements/unlock", () => jsonResponse({ unlocked: true })]]);
    const { deps } = stubs({ unlock: undefined });
    await expect(handleSdkV2Request(unlock, deps)).resolves.toEqual({ unlocked: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(String(url)).toBe("/api/games/5/achievements/unlock");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ key: "first_win", playId: "play-1" });
  });
});

describe("unlockAchievement (the API)", () => {
  const route = (status: number, body: unknown = { message: "x" }) =>
    mockApi([["POST", "/api/games/5/achievements/unlock", () => jsonResponse(body, { status })]]);

  it("answers {unlocked} as the server says, anything but true being false", async () => {
    route(200, { unlocked: false });
    await expect(unlockAchievement(5, "first_win", "p-1")).resolves.toEqual({ unlocked: false });
    route(200, { unlocked: "yes" });
    await expect(unlockAchievement(5, "first_win", "p-1")).resolves.toEqual({ unlocked: false });
  });

  it.each([
    [404, "unknown_achievement"],
    [409, "no_play"],
    [500, "unavailable"],
  ])("a %i becomes %s", async (status, code) => {
    route(status);
    const err = await unlockAchievement(5, "first_win", "p-1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdkV2Error);
    expect((err as SdkV2Error).code).toBe(code);
  });

  it("a 401 (signed out meanwhile) answers {unlocked: false}", async () => {
    route(401);
    await expect(unlockAchievement(5, "first_win", "p-1")).resolves.toEqual({ unlocked: false });
  });

  it("a network failure becomes 'unavailable'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(unlockAchievement(5, "first_win", "p-1")).rejects.toMatchObject({ code: "unavailable" });
  });
});
