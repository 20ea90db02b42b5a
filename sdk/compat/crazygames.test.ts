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

  const callbacks = () => ({ adStarted: vi.fn(), adFinished: vi.fn(), adError: vi.fn() });

  it("requestAd without a provider calls adError with the unfilled code and never adStarted (D151)", async () => {
    load();
    await sdk().init();
    const midgame = callbacks();
    await sdk().ad.requestAd("midgame", midgame);
    expect(midgame.adError).toHaveBeenCalledTimes(1);
    expect(midgame.adError.mock.calls[0][0]).toMatchObject({ code: "unfilled" });
    expect(midgame.adStarted).not.toHaveBeenCalled();
    expect(midgame.adFinished).not.toHaveBeenCalled();
    await expect(sdk().ad.hasAdblock()).resolves.toBe(false);
    await expect(sdk().banner.requestBanner({ id: "b", width: 300, height: 250 })).resolves.toBeUndefined();
    await expect(sdk().banner.requestResponsiveBanner("b")).resolves.toBeUndefined();
    expect(() => sdk().banner.clearAllBanners()).not.toThrow();
  });

  it("a midgame ad inside the frequency cap is adError with adCooldown; outside it adStarted then adFinished", async () => {
    const now = new Date("2026-12-07T12:00:00Z");
    const inside = load({
      ads: { settings: { provider: "house" }, facts: { now, lastAdAt: new Date(now.getTime() - 60_000) }, fill: true },
    });
    const held = callbacks();
    await sdk().ad.requestAd("midgame", held);
    expect(inside.calls.find((c) => c.name === "ads.break")?.args[0]).toBe("next");
    expect(held.adError.mock.calls[0][0]).toMatchObject({ code: "adCooldown" });
    expect(held.adStarted).not.toHaveBeenCalled();
    expect(held.adFinished).not.toHaveBeenCalled();

    resetAdapterGlobals();
    load({
      ads: { settings: { provider: "house" }, facts: { now, lastAdAt: new Date(now.getTime() - 121_000) }, fill: true },
    });
    const shown = callbacks();
    let playingAtStart = false;
    shown.adStarted.mockImplementation(() => (playingAtStart = sdk().ad.isAdPlaying as unknown as boolean));
    await sdk().ad.requestAd("midgame", shown);
    expect(shown.adStarted).toHaveBeenCalledTimes(1);
    expect(shown.adFinished).toHaveBeenCalledTimes(1);
    expect(shown.adError).not.toHaveBeenCalled();
    expect(playingAtStart).toBe(true);
    expect(sdk().ad.isAdPlaying).toBe(false);
  });

  it("a rewarded ad calls adFinished when granted and adError when refused", async () => {
    load({ ads: { settings: { provider: "none", rewardWhenOff: "grant" } } });
    const granted = callbacks();
    await sdk().ad.requestAd("rewarded", granted);
    expect(granted.adFinished).toHaveBeenCalledTimes(1);
    expect(granted.adError).not.toHaveBeenCalled();
    resetAdapterGlobals();
    load({ ads: { settings: { provider: "none", rewardWhenOff: "refuse" } } });
    const refused = callbacks();
    await sdk().ad.requestAd("rewarded", refused);
    expect(refused.adError.mock.calls[0][0]).toMatchObject({ code: "unfilled" });
    expect(refused.adFinished).not.toHaveBeenCalled();
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
    expect(() => sdk().user.addScore(1)).not.toThrow();
    sdk().user.addScore(2);
    await expect(sdk().user.getUserToken()).rejects.toMatchObject({ code: "userNotAuthenticated" });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith("[Arcadium] CrazyGames.SDK.user.addScore is not supported here");
    expect(warn).toHaveBeenCalledWith("[Arcadium] CrazyGames.SDK.user.getUserToken is not supported here");
  });

  describe("playing with friends (D122)", () => {
    afterEach(() => window.history.replaceState(null, "", "/"));
    function onGamePage() {
      window.history.replaceState(null, "", "/game-frame/12/");
      vi.spyOn(document, "referrer", "get").mockReturnValue("https://arcade.example/");
    }

    it("inviteLink and showInviteButton answer the game's page carrying the params, room as ?room=", () => {
      onGamePage();
      load();
      const link = sdk().game.inviteLink({ room: "ABC234", roomId: 12345, ready: true });
      expect(link).toBe("https://arcade.example/game/12?room=ABC234&roomId=12345&ready=true");
      expect(sdk().game.showInviteButton({ roomId: "7" })).toBe("https://arcade.example/game/12?roomId=7");
      expect(sdk().game.hideInviteButton()).toBeUndefined();
    });

    it("showInviteButton asks the page for its Invite button with the checked params; hideInviteButton removes it", async () => {
      onGamePage();
      vi.spyOn(console, "info").mockImplementation(() => undefined);
      const arcadium = load();
      sdk().game.showInviteButton({ roomId: 7, html: "<b>" });
      sdk().game.showInviteButton();
      sdk().game.hideInviteButton();
      await settle();
      expect(
        arcadium.calls
          .filter((c) => c.name === "rooms.showInviteButton" || c.name === "rooms.hideInviteButton")
          .map((c) => [c.name, ...c.args]),
      ).toEqual([
        ["rooms.showInviteButton", { roomId: "7" }],
        ["rooms.showInviteButton", null],
        ["rooms.hideInviteButton"],
      ]);
    });

    it("an invite link carries only what the page would pass on: at most 8 short plain params", () => {
      onGamePage();
      vi.spyOn(console, "info").mockImplementation(() => undefined);
      load();
      const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, String(i)]));
      const link = new URL(String(sdk().game.inviteLink({ html: "<b>", "bad key": "1", obj: {}, ...many })));
      expect([...link.searchParams.keys()]).toEqual(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"]);
    });

    it("reads the invite the page was opened with: inviteParams, getInviteParam, isInstantMultiplayer", async () => {
      load({ invite: { inviteCode: "ABC234", inviteParams: { room: "ABC234", roomId: "42", bad: "<x>" } } });
      expect(sdk().game.isInstantMultiplayer).toBe(false);
      await sdk().init();
      expect(sdk().game.inviteParams).toEqual({ room: "ABC234", roomId: "42" });
      expect(sdk().game.getInviteParam("roomId")).toBe("42");
      expect(sdk().game.getInviteParam("bad")).toBeNull();
      expect(sdk().game.getInviteParam("missing")).toBeNull();
      expect(sdk().game.isInstantMultiplayer).toBe(true);
    });

    it("without an invite: no params, not instant multiplayer, no join", async () => {
      load();
      const join = vi.fn();
      sdk().game.addJoinRoomListener(join);
      await sdk().init();
      await settle();
      expect(sdk().game.inviteParams).toBeNull();
      expect(sdk().game.isInstantMultiplayer).toBe(false);
      expect(join).not.toHaveBeenCalled();
    });

    it("a join room listener gets the start invite once, added before or after init", async () => {
      load({ invite: { inviteParams: { roomId: "42" } } });
      const early = vi.fn();
      sdk().game.addJoinRoomListener(early);
      await sdk().init();
      await settle();
      expect(early).toHaveBeenCalledTimes(1);
      expect(early).toHaveBeenCalledWith({ roomId: "42" });
      const late = vi.fn();
      sdk().game.addJoinRoomListener(late);
      await settle();
      expect(late).not.toHaveBeenCalled();

      load({ invite: { inviteParams: { roomId: "43" } } });
      await sdk().init();
      const removed = vi.fn();
      sdk().game.addJoinRoomListener(removed);
      sdk().game.removeJoinRoomListener(removed);
      const kept = vi.fn();
      sdk().game.addJoinRoomListener(kept);
      await settle();
      expect(removed).not.toHaveBeenCalled();
      expect(kept).toHaveBeenCalledWith({ roomId: "43" });
    });

    it("a join room listener hears each invite the player follows while the game runs", async () => {
      const arcadium = load();
      await sdk().init();
      const join = vi.fn();
      sdk().game.addJoinRoomListener(join);
      arcadium.emit("invite", { inviteCode: "XYZ234", inviteParams: { room: "XYZ234", roomId: "43", bad: "<x>" } });
      await settle();
      expect(join).toHaveBeenCalledWith({ room: "XYZ234", roomId: "43" });
      expect(sdk().game.getInviteParam("roomId")).toBe("43");
      expect(sdk().game.isInstantMultiplayer).toBe(true);
      arcadium.emit("invite", { inviteCode: null, inviteParams: null });
      await settle();
      expect(join).toHaveBeenCalledTimes(1);
    });

    it("updateRoom and leftRoom tell Arcadium the player's own room, its params checked", async () => {
      const arcadium = load();
      vi.spyOn(console, "info").mockImplementation(() => undefined);
      await sdk().init();
      expect(
        sdk().game.updateRoom({ roomId: 99, isJoinable: false, inviteParams: { roomId: "99", x: "<b>" } }),
      ).toBeUndefined();
      sdk().game.updateRoom({});
      sdk().game.leftRoom();
      await settle();
      expect(arcadium.calls.filter((c) => c.name === "rooms.setOwnRoom").map((c) => c.args[0])).toEqual([
        { id: "99", joinable: false, inviteParams: { roomId: "99" } },
        null,
      ]);
    });
  });
});
