/** D152: Google H5 Games Ads in sdk/v2.js: the page hands the frame an ad, the SDK loads Google's tag and calls adBreak. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeSdkWindows, loadSdk as loadSdkWindow, type GameWindow } from "@test/sdk-v2-window";

type Ads = { break(type?: unknown, options?: { onStart?: () => void }): Promise<{ shown: boolean; reason: string }> };
type Sdk = { ads: Ads; on(event: string, fn: (payload: unknown) => void): void };
type Placement = {
  type: string;
  name: string;
  beforeAd(): void;
  afterAd(): void;
  beforeReward?(show: () => void): void;
  adBreakDone(info: { breakStatus: string }): void;
};
type Win = GameWindow<Sdk> & { adsbygoogle?: Array<Record<string, unknown>> };
afterEach(() => closeSdkWindows());

const AD = {
  provider: "google",
  name: "next",
  clientId: "ca-pub-1234567890123456",
  frequencyHint: "45s",
  testMode: true,
  muted: false,
};

describe("Arcadium.ads under Google H5 Games Ads", () => {
  it("loads the tag once with its attributes, configures it, and calls adBreak with our type", () => {
    const { win, send } = loadSdkWindow<Sdk>();
    const w = win as Win;
    expect(win.document.querySelector("script[src*='adsbygoogle']")).toBeNull();
    send({ v: 2, event: "adframe", payload: { ...AD, id: "a1-x", type: "next" } });
    send({ v: 2, event: "adframe", payload: { ...AD, id: "a2-x", type: "reward" } });
    const tags = win.document.querySelectorAll("script[src*='adsbygoogle']");
    expect(tags).toHaveLength(1);
    const tag = tags[0] as HTMLScriptElement;
    expect(tag.src).toBe("https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js");
    expect(tag.getAttribute("data-ad-client")).toBe(AD.clientId);
    expect(tag.getAttribute("data-adbreak-test")).toBe("on");
    expect(tag.getAttribute("data-ad-frequency-hint")).toBe("45s");
    expect(w.adsbygoogle![0]).toEqual({ preloadAdBreaks: "on", sound: "on" });
    expect(w.adsbygoogle![1]).toMatchObject({ type: "next", name: "next" });
    expect(w.adsbygoogle![2]).toMatchObject({ type: "reward" });
    expect(typeof w.adsbygoogle![2].beforeReward).toBe("function");
  });

  it("leaves data-adbreak-test off outside test mode", () => {
    const { win, send } = loadSdkWindow<Sdk>();
    send({ v: 2, event: "adframe", payload: { ...AD, testMode: false, id: "a1-x", type: "start" } });
    expect(win.document.querySelector("script[src*='adsbygoogle']")!.hasAttribute("data-adbreak-test")).toBe(false);
  });

  it("pauses and mutes the game in beforeAd at once, and tells the page each step and the breakStatus", () => {
    const { win, sdk, send, posted } = loadSdkWindow<Sdk>();
    const heard: string[] = [];
    sdk.on("pause", () => heard.push("pause"));
    sdk.on("mute", (p) => heard.push(`mute:${(p as { muted: boolean }).muted}`));
    const onStart = vi.fn();
    void sdk.ads.break("next", { onStart });
    const id = posted()[posted().length - 1].id;
    send({ v: 2, event: "adframe", payload: { ...AD, id, type: "next" } });
    const placement = (win as Win).adsbygoogle![1] as unknown as Placement;
    placement.beforeAd();
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(heard).toEqual(["pause", "mute:true"]);
    placement.afterAd();
    placement.adBreakDone({ breakStatus: "viewed" });
    placement.adBreakDone({ breakStatus: "viewed" });
    const reports = posted()
      .filter((m) => m.type === "ads.frame")
      .map((m) => m.payload);
    expect(reports).toEqual([
      { id, stage: "before", breakStatus: "" },
      { id, stage: "after", breakStatus: "" },
      { id, stage: "done", breakStatus: "viewed" },
    ]);
  });

  it("answers Google's reward prompt at once: the player already chose the reward", () => {
    const { win, send } = loadSdkWindow<Sdk>();
    send({ v: 2, event: "adframe", payload: { ...AD, id: "a1-x", type: "reward" } });
    const show = vi.fn();
    ((win as Win).adsbygoogle![1] as unknown as Placement).beforeReward!(show);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it("ignores an ad of another provider, a type Google does not know, or one from another window", () => {
    const { win, send } = loadSdkWindow<Sdk>();
    send({ v: 2, event: "adframe", payload: { ...AD, provider: "other", id: "a1-x", type: "next" } });
    send({ v: 2, event: "adframe", payload: { ...AD, id: "a1-x", type: "midroll" } });
    send({ v: 2, event: "adframe", payload: { ...AD, id: "a1-x", type: "next" } }, {});
    expect(win.document.querySelector("script[src*='adsbygoogle']")).toBeNull();
  });
});
