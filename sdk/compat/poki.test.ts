// @vitest-environment jsdom
/** D77: sdk/compat/poki.js, Poki's SDK v2 on top of a fake Arcadium v2. */
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

type Poki = Record<string, (...args: unknown[]) => unknown>;
const poki = () => (window as unknown as { PokiSDK: Poki }).PokiSDK;

describe("Poki adapter", () => {
  let arcadium: FakeArcadium;
  beforeEach(() => {
    arcadium = fakeArcadium();
    loadAdapter("poki", arcadium);
  });
  afterEach(() => {
    resetAdapterGlobals();
    restoreSpies();
  });

  it("asks Arcadium for init once, at load, and init() resolves", async () => {
    await expect(poki().init()).resolves.toBeUndefined();
    await poki().init();
    expect(arcadium.names().filter((n) => n === "init")).toHaveLength(1);
  });

  it("maps the lifecycle calls to v2", async () => {
    poki().gameLoadingStart();
    poki().gameLoadingProgress({ percentageDone: 50 });
    poki().gameLoadingFinished();
    poki().gameplayStart();
    poki().happyTime(0.5);
    poki().gameplayStop();
    poki().measure("level", "3", "complete");
    await settle();
    expect(arcadium.calls.filter((c) => c.name !== "init" && c.name !== "on")).toEqual([
      { name: "loading.progress", args: [0] },
      { name: "loading.progress", args: [0.5] },
      { name: "loading.done", args: [] },
      { name: "gameplay.start", args: [] },
      { name: "happyTime", args: [] },
      { name: "gameplay.stop", args: [] },
      { name: "track", args: ["level", { what: "3", action: "complete" }] },
    ]);
  });

  it("a commercial break without a provider ends without starting; the first asks for the start break (D151)", async () => {
    const onStart = vi.fn();
    await expect(poki().commercialBreak(onStart)).resolves.toBeUndefined();
    await expect(poki().commercialBreak(onStart)).resolves.toBeUndefined();
    expect(onStart).not.toHaveBeenCalled();
    expect(arcadium.calls.filter((c) => c.name === "ads.break").map((c) => c.args[0])).toEqual(["start", "next"]);
    const div = document.createElement("div");
    expect(() => poki().displayAd(div, "300x250")).not.toThrow();
    expect(() => poki().destroyAd(div)).not.toThrow();
    expect(div.childNodes).toHaveLength(0);
  });

  it("a commercial break with an ad calls onStart, then resolves", async () => {
    resetAdapterGlobals();
    loadAdapter("poki", fakeArcadium({ ads: { settings: { provider: "house" }, fill: true } }));
    const onStart = vi.fn();
    await expect(poki().commercialBreak(onStart)).resolves.toBeUndefined();
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it("rewardedBreak in school mode: no ad, and true or false as the site grants rewards without ads", async () => {
    for (const [rewardWhenOff, expected] of [
      ["grant", true],
      ["refuse", false],
    ] as const) {
      resetAdapterGlobals();
      const page = fakeArcadium({
        ads: { settings: { provider: "house", rewardWhenOff }, facts: { schoolMode: true }, fill: true },
      });
      loadAdapter("poki", page);
      const onStart = vi.fn();
      await expect(poki().rewardedBreak({ size: "medium", onStart })).resolves.toBe(expected);
      await expect(poki().rewardedBreak(onStart)).resolves.toBe(expected);
      expect(onStart).not.toHaveBeenCalled();
      expect(page.names().filter((n) => n === "ads.reward")).toHaveLength(2);
    }
  });

  it("a watched rewarded break resolves with true after onStart", async () => {
    resetAdapterGlobals();
    loadAdapter(
      "poki",
      fakeArcadium({ ads: { settings: { provider: "house", rewardWhenOff: "refuse" }, fill: true } }),
    );
    const onStart = vi.fn();
    await expect(poki().rewardedBreak(onStart)).resolves.toBe(true);
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it("shares the game's page on the site when the frame knows both, else its own address", async () => {
    // jsdom's address is not a game frame: the frame's own address, without its query
    await expect(poki().shareableURL({})).resolves.toBe(window.location.href.replace(/[?#].*$/, ""));
    window.history.replaceState(null, "", "/game-frame/12/?room=abc");
    vi.spyOn(document, "referrer", "get").mockReturnValue("https://arcade.example/");
    await expect(poki().shareableURL({})).resolves.toBe("https://arcade.example/game/12");
    expect(poki().getURLParam("room")).toBe("abc");
    expect(poki().getURLParam("missing")).toBe("");
    window.history.replaceState(null, "", "/");
  });

  it("shareableURL carries the params with Poki's gd prefix, bounded as the page bounds them (D122)", async () => {
    window.history.replaceState(null, "", "/game-frame/12/");
    vi.spyOn(document, "referrer", "get").mockReturnValue("https://arcade.example/");
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    await expect(poki().shareableURL({ id: "myid", type: 3 })).resolves.toBe(
      "https://arcade.example/game/12?gdid=myid&gdtype=3",
    );
    const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, String(i)]));
    const url = new URL(String(await poki().shareableURL({ html: "<b>", ...many })));
    expect([...url.searchParams.keys()]).toHaveLength(8);
    expect(url.searchParams.has("gdhtml")).toBe(false);
    window.history.replaceState(null, "", "/");
  });

  it("getURLParam reads the invite link's params the page handed over, gd-prefixed first", async () => {
    resetAdapterGlobals();
    loadAdapter("poki", fakeArcadium({ invite: { inviteParams: { gdid: "myid", id: "plain", level: "2" } } }));
    await poki().init();
    expect(poki().getURLParam("id")).toBe("myid");
    expect(poki().getURLParam("level")).toBe("2");
    expect(poki().getURLParam("missing")).toBe("");
  });

  it("getURLParam follows an invite the player follows while the game runs", async () => {
    await poki().init();
    expect(poki().getURLParam("id")).toBe("");
    arcadium.emit("invite", { inviteCode: null, inviteParams: { gdid: "next" } });
    expect(poki().getURLParam("id")).toBe("next");
  });

  it("warns once per unsupported function and never throws", () => {
    const warn = captureWarnings();
    expect(() => poki().setDebug(true)).not.toThrow();
    poki().setDebug(false);
    poki().movePill(50, 0);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith("[Arcadium] PokiSDK.setDebug is not supported here");
    expect(warn).toHaveBeenCalledWith("[Arcadium] PokiSDK.movePill is not supported here");
  });

  it("keeps working when window.Arcadium is missing", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    loadAdapter("poki", null);
    await expect(poki().init()).resolves.toBeUndefined();
    expect(() => poki().gameplayStart()).not.toThrow();
    await expect(poki().rewardedBreak()).resolves.toBe(false);
    await expect(poki().commercialBreak()).resolves.toBeUndefined();
  });

  it("swallows a refused v2 call", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    (arcadium.sdk.gameplay as Record<string, unknown>).start = () =>
      Promise.reject(Object.assign(new Error("no"), { code: "not_in_frame" }));
    poki().gameplayStart();
    await settle();
    expect(info).toHaveBeenCalled();
  });
});
