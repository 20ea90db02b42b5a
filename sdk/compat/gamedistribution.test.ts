// @vitest-environment jsdom
/** D77: sdk/compat/gamedistribution.js, GameDistribution's GD_OPTIONS / gdsdk on top of a fake Arcadium v2. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  captureWarnings,
  fakeArcadium,
  loadAdapter,
  resetAdapterGlobals,
  restoreSpies,
  settle,
  type FakeArcadium,
} from "@test/sdk-compat";

type Gd = Record<string, (...args: unknown[]) => Promise<unknown>> & { AdType: Record<string, string> };
const gdsdk = () => (window as unknown as { gdsdk: Gd }).gdsdk;

describe("GameDistribution adapter", () => {
  let arcadium: FakeArcadium;
  let events: string[];
  beforeEach(() => {
    events = [];
    (window as unknown as Record<string, unknown>).GD_OPTIONS = {
      gameId: "abc",
      onEvent: (e: { name: string }) => events.push(e.name),
    };
    arcadium = fakeArcadium();
    loadAdapter("gamedistribution", arcadium);
  });
  afterEach(() => {
    resetAdapterGlobals();
    restoreSpies();
  });

  it("inits Arcadium at load, sends SDK_READY and reports loading done once the page has loaded", async () => {
    await settle();
    expect(arcadium.names()).toContain("init");
    expect(arcadium.names()).toContain("loading.done");
    expect(events).toEqual(["SDK_READY"]);
  });

  it("a preroll with no provider resolves as no ad and lets the game go on (SDK_GAME_START, no pause) (D151)", async () => {
    await settle();
    await expect(gdsdk().showAd()).resolves.toBeUndefined();
    await expect(gdsdk().showAd(gdsdk().AdType.Interstitial)).resolves.toBeUndefined();
    expect(arcadium.calls.filter((c) => c.name === "ads.break").map((c) => c.args[0])).toEqual(["preroll", "next"]);
    expect(events).toEqual(["SDK_READY", "SDK_GAME_START", "SDK_GAME_START"]);
  });

  it("an interstitial with an ad pauses the game first (SDK_GAME_PAUSE, SDK_GAME_START)", async () => {
    await settle();
    resetAdapterGlobals();
    (window as unknown as Record<string, unknown>).GD_OPTIONS = {
      onEvent: (e: { name: string }) => events.push(e.name),
    };
    loadAdapter(
      "gamedistribution",
      fakeArcadium({ ads: { settings: { provider: "house", firstAdAfterSeconds: 0 }, fill: true } }),
    );
    events.length = 0;
    await expect(gdsdk().showAd()).resolves.toBeUndefined();
    expect(events.filter((e) => e !== "SDK_READY")).toEqual(["SDK_GAME_PAUSE", "SDK_GAME_START"]);
  });

  it("a rewarded ad: granted sends SDK_REWARDED_WATCH_COMPLETE and resolves; refused rejects", async () => {
    await settle();
    await expect(gdsdk().showAd(gdsdk().AdType.Rewarded)).resolves.toBeUndefined(); // no provider, rewards granted
    expect(events.slice(-2)).toEqual(["SDK_REWARDED_WATCH_COMPLETE", "SDK_GAME_START"]);
    resetAdapterGlobals();
    (window as unknown as Record<string, unknown>).GD_OPTIONS = {
      onEvent: (e: { name: string }) => events.push(e.name),
    };
    loadAdapter("gamedistribution", fakeArcadium({ ads: { settings: { rewardWhenOff: "refuse" } } }));
    events.length = 0;
    await expect(gdsdk().showAd("rewarded")).rejects.toThrow(/No rewarded advertisement/);
    expect(events.filter((e) => e !== "SDK_READY")).toEqual(["SDK_GAME_START"]);
    await expect(gdsdk().preloadAd("rewarded")).resolves.toBeUndefined();
    await expect(gdsdk().showAd("display", { containerId: "x" })).resolves.toBeUndefined();
  });

  it("passes the page's pause and resume on as SDK_GAME_PAUSE and SDK_GAME_START", async () => {
    await settle();
    arcadium.emit("pause");
    arcadium.emit("resume");
    expect(events.slice(-2)).toEqual(["SDK_GAME_PAUSE", "SDK_GAME_START"]);
  });

  it("warns once per unsupported function and never throws", () => {
    const warn = captureWarnings();
    expect(() => gdsdk().openConsole()).not.toThrow();
    gdsdk().openConsole();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith("[Arcadium] gdsdk.openConsole is not supported here");
  });

  it("an onEvent that throws does not break the adapter", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    (window as unknown as Record<string, unknown>).GD_OPTIONS = {
      onEvent: () => {
        throw new Error("game bug");
      },
    };
    await expect(gdsdk().showAd()).resolves.toBeUndefined();
    await settle();
  });
});
