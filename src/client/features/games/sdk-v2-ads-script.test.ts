/** D151: Arcadium.ads in sdk/v2.js: the requests it posts, the answers it reads, and the 30 s it never waits past. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeSdkWindows, loadSdk as loadSdkWindow, settledState, type GameWindow } from "@test/sdk-v2-window";

type Ads = {
  break(type?: unknown, options?: { onStart?: () => void }): Promise<{ shown: boolean; reason: string }>;
  reward(options?: { onStart?: () => void }): Promise<{ granted: boolean }>;
};
type Sdk = { ads: Ads };
const loadSdk = (options: { framed?: boolean; before?: (win: GameWindow<Sdk>) => void } = {}) =>
  loadSdkWindow<Sdk>(options);
afterEach(() => {
  closeSdkWindows();
  vi.useRealTimers();
});

describe("Arcadium.ads", () => {
  it("posts ads.break with its placement and ads.reward, and resolves with the page's answer", async () => {
    const { sdk, last, reply } = loadSdk();
    const brk = sdk.ads.break("preroll");
    expect(last()).toMatchObject({ v: 2, type: "ads.break", payload: { placement: "preroll" } });
    reply(last().id, { ok: true, result: { shown: true, reason: "shown" } });
    await expect(brk).resolves.toEqual({ shown: true, reason: "shown" });

    const reward = sdk.ads.reward();
    expect(last()).toMatchObject({ type: "ads.reward", payload: {} });
    reply(last().id, { ok: true, result: { granted: true } });
    await expect(reward).resolves.toEqual({ granted: true });
  });

  it("calls onStart when the page says the ad began", async () => {
    const { sdk, last, reply, send } = loadSdk();
    const onStart = vi.fn();
    const brk = sdk.ads.break("next", { onStart });
    const id = last().id;
    send({ v: 2, event: "adstart", payload: { id: "someone-else" } });
    expect(onStart).not.toHaveBeenCalled();
    send({ v: 2, event: "adstart", payload: { id } });
    expect(onStart).toHaveBeenCalledTimes(1);
    reply(id, { ok: true, result: { shown: true, reason: "shown" } });
    await brk;
  });

  it("never rejects: an error answer is no ad and no reward", async () => {
    const { sdk, last, reply } = loadSdk();
    const brk = sdk.ads.break("pause");
    reply(last().id, { ok: false, error: { code: "unavailable", message: "x" } });
    await expect(brk).resolves.toEqual({ shown: false, reason: "error" });
    const reward = sdk.ads.reward();
    reply(last().id, { ok: false });
    await expect(reward).resolves.toEqual({ granted: false });
  });

  it("settles after 30 s when the page never answers (a reload, a lost page), not before", async () => {
    vi.useFakeTimers();
    const { sdk, last, reply } = loadSdk();
    const brk = sdk.ads.break("start");
    const id = last().id;
    const reward = sdk.ads.reward();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(await settledState(brk)).toBe("pending");
    expect(await settledState(reward)).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await expect(brk).resolves.toEqual({ shown: false, reason: "timeout" });
    await expect(reward).resolves.toEqual({ granted: false });
    reply(id, { ok: true, result: { shown: true } }); // too late: ignored
  });

  it("answers an unknown type at once without asking the page", async () => {
    const { sdk, posted } = loadSdk();
    await expect(sdk.ads.break("midroll")).resolves.toEqual({ shown: false, reason: "invalid" });
    expect(posted()).toHaveLength(0);
  });

  it("outside a frame: no ad, no reward, at once", async () => {
    const { sdk } = loadSdk({ framed: false });
    await expect(sdk.ads.break("next")).resolves.toEqual({ shown: false, reason: "not_in_frame" });
    await expect(sdk.ads.reward()).resolves.toEqual({ granted: false });
  });
});
