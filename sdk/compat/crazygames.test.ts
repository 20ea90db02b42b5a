// @vitest-environment jsdom
/** D77: sdk/compat/crazygames.js, CrazyGames' HTML5 SDK v3 (and the v2 shape) on top of a fake Arcadium v2. */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  captureWarnings,
  fakeArcadium,
  loadAdapter,
  resetAdapterGlobals,
  restoreSpies,
  settle,
  type FakeArcadium,
} from "@test/sdk-compat";

type Fn = (...args: unknown[]) => unknown;
type Sdk = {
  init: Fn;
  environment: string;
  ad: Record<string, Fn>;
  banner: Record<string, Fn>;
  game: Record<string, Fn> & { settings: { muteAudio: boolean } };
  user: Record<string, Fn>;
  data: Record<string, Fn>;
};
const sdk = () => (window as unknown as { CrazyGames: { SDK: Sdk } }).CrazyGames.SDK;

function load(options: Parameters<typeof fakeArcadium>[0] = {}): FakeArcadium {
  const arcadium = fakeArcadium(options);
  loadAdapter("crazygames", arcadium);
  return arcadium;
}

describe("CrazyGames adapter", () => {
  afterEach(() => {
    resetAdapterGlobals();
    restoreSpies();
  });

  it("init() asks Arcadium once and maps the lifecycle calls to v2", async () => {
    const arcadium = load();
    await sdk().init();
    await sdk().init();
    sdk().game.loadingStart();
    sdk().game.loadingStop();
    sdk().game.gameplayStart();
    sdk().game.happytime();
    sdk().game.gameplayStop();
    await settle();
    expect(arcadium.names().filter((n) => n === "init")).toHaveLength(1);
    expect(arcadium.names().filter((n) => !["init", "on", "data.keys"].includes(n))).toEqual([
      "loading.progress",
      "loading.done",
      "gameplay.start",
      "happyTime",
      "gameplay.stop",
    ]);
  });

  it("requestAd calls adError with the unfilled code and never adStarted or adFinished", async () => {
    load();
    await sdk().init();
    for (const type of ["midgame", "rewarded"]) {
      const callbacks = { adStarted: vi.fn(), adFinished: vi.fn(), adError: vi.fn() };
      sdk().ad.requestAd(type, callbacks);
      await settle();
      expect(callbacks.adError).toHaveBeenCalledTimes(1);
      expect(callbacks.adError.mock.calls[0][0]).toMatchObject({ code: "unfilled" });
      expect(callbacks.adStarted).not.toHaveBeenCalled();
      expect(callbacks.adFinished).not.toHaveBeenCalled();
    }
    await expect(sdk().ad.hasAdblock()).resolves.toBe(false);
    await expect(sdk().banner.requestBanner({ id: "b", width: 300, height: 250 })).resolves.toBeUndefined();
    await expect(sdk().banner.requestResponsiveBanner("b")).resolves.toBeUndefined();
    expect(() => sdk().banner.clearAllBanners()).not.toThrow();
  });

  it("answers v2-style callbacks (error, result) as well as promises", async () => {
    load();
    const hasAdblock = vi.fn();
    sdk().ad.hasAdblock(hasAdblock);
    const available = vi.fn();
    sdk().user.isUserAccountAvailable(available);
    const invite = vi.fn();
    sdk().game.inviteLink({ room: "1" }, invite);
    await settle();
    expect(hasAdblock).toHaveBeenCalledWith(null, false);
    expect(available).toHaveBeenCalledWith(null, true);
    expect(invite).toHaveBeenCalledWith(null, expect.any(String));
    // v3 reads isUserAccountAvailable as a value: it is truthy
    expect(Boolean(sdk().user.isUserAccountAvailable)).toBe(true);
  });

  it("data round trip: loads every saved key at init, reads from the copy, writes through to Arcadium", async () => {
    const arcadium = load({ saves: { level: "3", coins: "10" } });
    await sdk().init();
    expect(sdk().data.getItem("level")).toBe("3");
    expect(sdk().data.getItem("nothing")).toBeNull();
    sdk().data.setItem("best", 42);
    expect(sdk().data.getItem("best")).toBe("42");
    sdk().data.removeItem("coins");
    expect(sdk().data.getItem("coins")).toBeNull();
    await settle();
    expect(arcadium.saves.get("best")).toBe("42");
    expect(arcadium.saves.has("coins")).toBe(false);
    sdk().data.clear();
    expect(sdk().data.getItem("level")).toBeNull();
    await settle();
    expect(arcadium.saves.size).toBe(0);

    // a new page (another visit) sees what was written
    arcadium.saves.set("best", "42");
    loadAdapter("crazygames", arcadium);
    await sdk().init();
    expect(sdk().data.getItem("best")).toBe("42");
  });

  it("user: null for a guest, whose auth prompt is cancelled", async () => {
    load({ user: null });
    await expect(sdk().user.getUser()).resolves.toBeNull();
    await expect(sdk().user.showAuthPrompt()).rejects.toMatchObject({ code: "userCancelled" });
  });

  it("user: the signed-in Arcadium player, also the auth prompt's answer", async () => {
    load({ user: { id: 7, username: "ada", avatarUrl: "https://arcade.example/uploads/a.webp" } });
    const expected = { username: "ada", profilePictureUrl: "https://arcade.example/uploads/a.webp" };
    await expect(sdk().user.getUser()).resolves.toEqual(expected);
    await expect(sdk().user.showAuthPrompt()).resolves.toEqual(expected);
    const callback = vi.fn();
    sdk().user.getUser(callback);
    await settle();
    expect(callback).toHaveBeenCalledWith(null, expected);
  });

  it("game settings follow the player's sound setting", async () => {
    const arcadium = load({ muted: true });
    await sdk().init();
    expect(sdk().game.settings.muteAudio).toBe(true);
    const listener = vi.fn();
    sdk().game.addSettingsChangeListener(listener);
    arcadium.emit("mute", { muted: false });
    expect(listener).toHaveBeenCalledWith({ disableChat: false, muteAudio: false });
  });

  it("warns once per unsupported function and never throws", async () => {
    const warn = captureWarnings();
    load();
    expect(() => sdk().game.showInviteButton({})).not.toThrow();
    sdk().game.showInviteButton({});
    await expect(sdk().user.getUserToken()).rejects.toMatchObject({ code: "userNotAuthenticated" });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith("[Arcadium] CrazyGames.SDK.game.showInviteButton is not supported here");
    expect(warn).toHaveBeenCalledWith("[Arcadium] CrazyGames.SDK.user.getUserToken is not supported here");
  });
});
