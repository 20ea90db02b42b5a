/**
 * The game-side SDK script sdk/v2.js, evaluated in a fresh jsdom window per test. In a frame, `window.parent`
 * is a stand-in whose postMessage is a spy; the page's replies and events are dispatched as message events
 * whose source is that stand-in.
 */
import { afterEach, describe, expect, it, vi, type Mock } from "vitest";
import {
  closeSdkWindows,
  loadSdk as loadSdkWindow,
  SDK_V2_SOURCE,
  settledState,
  type GameWindow as SdkWindow,
  type SdkError,
} from "@test/sdk-v2-window";

type Sdk = {
  version: number;
  init(): Promise<unknown>;
  gameplay: { start(): Promise<void>; stop(): Promise<void> };
  loading: { progress(fraction: unknown): Promise<void>; done(): Promise<void> };
  happyTime(): Promise<void>;
  scores: { submit(score: unknown, options?: { won?: unknown }): Promise<void> };
  data: {
    getItem(key: unknown): Promise<string | null>;
    setItem(key: unknown, value: unknown): Promise<void>;
    removeItem(key: unknown): Promise<void>;
    clear(): Promise<void>;
    keys(): Promise<string[]>;
  };
  achievements: { unlock(key: unknown): Promise<{ unlocked: boolean }> };
  on(event: string, listener: (payload: unknown) => void): () => void;
  track(name: unknown, props?: unknown): Promise<void>;
  rooms: object;
};
type GameWindow = SdkWindow<Sdk>;
afterEach(closeSdkWindows);
const loadSdk = (options: { framed?: boolean; before?: (win: GameWindow) => void } = {}) => loadSdkWindow<Sdk>(options);
const state = settledState;

describe("sdk/v2.js in a frame: requests and replies", () => {
  it("posts every call as {v: 2, id, type, payload} to the parent with targetOrigin '*' and a fresh id", () => {
    const { sdk, parent, posted } = loadSdk();
    void sdk.init();
    void sdk.gameplay.start();
    void sdk.gameplay.stop();
    void sdk.loading.done();
    void sdk.happyTime();
    void sdk.scores.submit(1200, { won: true });
    void sdk.scores.submit(7);
    void sdk.data.setItem("level", "3");
    void sdk.data.getItem("level");
    void sdk.data.removeItem("level");
    void sdk.data.clear();
    void sdk.data.keys();
    void sdk.achievements.unlock("first_win");
    void sdk.track("level_complete", {
      level: 3,
      name: "x",
      ok: true,
      none: null,
      nested: { a: 1 },
      list: [1],
      fn: () => 1,
    });

    expect(posted().map((m) => [m.v, m.type, m.payload])).toEqual([
      [2, "init", {}],
      [2, "gameplay.start", {}],
      [2, "gameplay.stop", {}],
      [2, "loading.done", {}],
      [2, "happytime", {}],
      [2, "score.submit", { score: 1200, won: true }],
      [2, "score.submit", { score: 7, won: null }],
      [2, "data.setItem", { key: "level", value: "3" }],
      [2, "data.getItem", { key: "level" }],
      [2, "data.removeItem", { key: "level" }],
      [2, "data.clear", {}],
      [2, "data.keys", {}],
      [2, "achievements.unlock", { key: "first_win" }],
      [2, "track", { name: "level_complete", props: { level: 3, name: "x", ok: true, none: null } }],
    ]);
    const ids = posted().map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    for (const call of parent.postMessage.mock.calls) expect(call[1]).toBe("*");
  });

  it("resolves with the reply's result when ok is true", async () => {
    const { sdk, last, reply } = loadSdk();
    const init = sdk.init();
    const answer = {
      user: { id: 1, username: "ada", avatarUrl: null },
      settings: { muted: true, locale: "en", reducedMotion: false },
    };
    reply(last().id, { ok: true, result: answer });
    await expect(init).resolves.toEqual(answer);

    const item = sdk.data.getItem("level");
    reply(last().id, { ok: true, result: "3" });
    await expect(item).resolves.toBe("3");

    const missing = sdk.data.getItem("nothing");
    reply(last().id, { ok: true, result: 42 });
    await expect(missing).resolves.toBeNull();

    const keys = sdk.data.keys();
    reply(last().id, { ok: true, result: ["a", "b"] });
    await expect(keys).resolves.toEqual(["a", "b"]);

    const unlock = sdk.achievements.unlock("first_win");
    reply(last().id, { ok: true, result: { unlocked: true } });
    await expect(unlock).resolves.toEqual({ unlocked: true });

    const start = sdk.gameplay.start();
    reply(last().id, { ok: true, result: null });
    await expect(start).resolves.toBeUndefined();
  });

  it("answers each call by its own id, whatever the order of the replies", async () => {
    const { sdk, posted, reply } = loadSdk();
    const first = sdk.data.getItem("a");
    const second = sdk.data.getItem("b");
    const [a, b] = posted();
    reply(b.id, { ok: true, result: "B" });
    reply(a.id, { ok: true, result: "A" });
    await expect(first).resolves.toBe("A");
    await expect(second).resolves.toBe("B");
  });

  it("rejects with an Error carrying the reply's code and message when ok is false", async () => {
    const { win, sdk, last, reply } = loadSdk();
    const save = sdk.data.setItem("big", "x");
    reply(last().id, { ok: false, error: { code: "quota", message: "Cloud save full" } });
    const err = (await save.catch((e: unknown) => e)) as SdkError;
    expect(err).toBeInstanceOf(win.Error);
    expect(err.name).toBe("ArcadiumError");
    expect(err.code).toBe("quota");
    expect(err.message).toBe("Cloud save full");

    const unlock = sdk.achievements.unlock("nope");
    reply(last().id, { ok: false });
    await expect(unlock).rejects.toMatchObject({ code: "unavailable", message: "The call failed" });
  });

  it("rejects with code 'timeout' when the page does not answer within 10 s; a late reply changes nothing", async () => {
    vi.useFakeTimers();
    const { win, sdk, last, reply } = loadSdk();
    const init = sdk.init();
    const id = last().id;
    const outcome = init.then(
      () => null,
      (e: unknown) => e as SdkError,
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await state(init)).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    const err = (await outcome) as SdkError;
    expect(err).toBeInstanceOf(win.Error);
    expect(err.code).toBe("timeout");
    expect(err.message).toMatch(/^init: /);
    reply(id, { ok: true, result: {} }); // too late: ignored without an error
  });

  it("a reply stops the timeout", async () => {
    vi.useFakeTimers();
    const { sdk, last, reply } = loadSdk();
    const init = sdk.init();
    reply(last().id, { ok: true, result: { user: null } });
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(init).resolves.toEqual({ user: null });
  });

  it("ignores replies from a window other than the parent, and messages that are not v2 replies", async () => {
    const { win, sdk, last, send, reply } = loadSdk();
    const init = sdk.init();
    const id = last().id;
    send({ v: 2, id, ok: true, result: "from itself" }, win);
    send({ v: 2, id, ok: true, result: "from another frame" }, { postMessage: vi.fn() });
    send({ v: 2, id, ok: true, result: "from nobody" }, null);
    send({ v: 1, id, ok: true, result: "v1" });
    send(`{"v":2,"id":"${id}","ok":true}`);
    send({ v: 2, id: "someone-else", ok: true, result: "other id" });
    expect(await state(init)).toBe("pending");
    reply(id, { ok: true, result: "the page" });
    await expect(init).resolves.toBe("the page");
  });

  it("rejects with 'not_in_frame' when posting to the parent throws", async () => {
    const { sdk, parent } = loadSdk();
    parent.postMessage.mockImplementation(() => {
      throw new Error("cross-origin");
    });
    await expect(sdk.init()).rejects.toMatchObject({ code: "not_in_frame" });
  });
});

describe("sdk/v2.js events", () => {
  it("dispatches page events to on() listeners; the returned function removes the listener", () => {
    const { sdk, send } = loadSdk();
    const pause = vi.fn();
    const mute = vi.fn();
    const off = sdk.on("pause", pause);
    sdk.on("mute", mute);
    send({ v: 2, event: "pause", payload: {} });
    send({ v: 2, event: "mute", payload: { muted: true } });
    expect(pause).toHaveBeenCalledTimes(1);
    expect(mute).toHaveBeenCalledWith({ muted: true });

    off();
    send({ v: 2, event: "pause", payload: {} });
    expect(pause).toHaveBeenCalledTimes(1);
    off(); // removing twice is harmless
    send({ v: 2, event: "mute", payload: { muted: false } });
    expect(mute).toHaveBeenLastCalledWith({ muted: false });
  });

  it("ignores events from another window and events it does not know", () => {
    const { win, sdk, send } = loadSdk();
    const resume = vi.fn();
    sdk.on("resume", resume);
    send({ v: 2, event: "resume", payload: {} }, win);
    send({ v: 2, event: "resume", payload: {} }, null);
    send({ v: 1, event: "resume", payload: {} });
    send({ v: 2, event: "explode", payload: {} });
    expect(resume).not.toHaveBeenCalled();
  });

  it("a throwing listener does not stop the others; the error is logged", () => {
    const { win, sdk, send } = loadSdk();
    const error = vi.spyOn(win.console, "error").mockImplementation(() => {});
    const second = vi.fn();
    sdk.on("settings", () => {
      throw new Error("boom");
    });
    sdk.on("settings", second);
    const settings = { muted: false, locale: "fr", reducedMotion: true };
    send({ v: 2, event: "settings", payload: settings });
    expect(second).toHaveBeenCalledWith(settings);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('on("settings")'),
      expect.objectContaining({ message: "boom" }),
    );
  });

  it("on() with an unknown event or a non-function warns and returns a function that does nothing", () => {
    const { win, sdk } = loadSdk();
    const warn = vi.spyOn(win.console, "warn").mockImplementation(() => {});
    const off = sdk.on("explode", () => {});
    expect(typeof off).toBe("function");
    expect(() => off()).not.toThrow();
    sdk.on("pause", "not a function" as unknown as () => void);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe("sdk/v2.js argument checks", () => {
  const long = (n: number) => "k".repeat(n);
  it.each<[string, (sdk: Sdk) => Promise<unknown>]>([
    ["a negative score", (sdk) => sdk.scores.submit(-1)],
    ["a score above 1e9", (sdk) => sdk.scores.submit(1e9 + 1)],
    ["a NaN score", (sdk) => sdk.scores.submit(Number.NaN)],
    ["an infinite score", (sdk) => sdk.scores.submit(Infinity)],
    ["a string score", (sdk) => sdk.scores.submit("100")],
    ["won 'yes'", (sdk) => sdk.scores.submit(10, { won: "yes" })],
    ["an empty key", (sdk) => sdk.data.getItem("")],
    ["a key of 129 characters", (sdk) => sdk.data.setItem(long(129), "v")],
    ["a key that is not a string", (sdk) => sdk.data.removeItem(5)],
    ["a value that is not a string", (sdk) => sdk.data.setItem("level", 3)],
    ["an achievement key with capitals", (sdk) => sdk.achievements.unlock("First_Win")],
    ["an achievement key of 65 characters", (sdk) => sdk.achievements.unlock("a".repeat(65))],
    ["a track name of 65 characters", (sdk) => sdk.track("t".repeat(65))],
    ["an empty track name", (sdk) => sdk.track("")],
    ["a NaN progress", (sdk) => sdk.loading.progress(Number.NaN)],
    ["a string progress", (sdk) => sdk.loading.progress("0.5")],
  ])("rejects %s with code 'invalid' and posts nothing", async (_what, call) => {
    const { win, sdk, parent } = loadSdk();
    const err = (await call(sdk).catch((e: unknown) => e)) as SdkError;
    expect(err).toBeInstanceOf(win.Error);
    expect(err.code).toBe("invalid");
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it("accepts the limits: score 0 and 1e9, keys of 1 and 128 characters, a track name of 64", () => {
    const { sdk, posted } = loadSdk();
    void sdk.scores.submit(0);
    void sdk.scores.submit(1e9);
    void sdk.data.getItem("k");
    void sdk.data.setItem(long(128), "");
    void sdk.achievements.unlock("a".repeat(64));
    void sdk.track("t".repeat(64));
    expect(posted().map((m) => m.type)).toEqual([
      "score.submit",
      "score.submit",
      "data.getItem",
      "data.setItem",
      "achievements.unlock",
      "track",
    ]);
  });

  it("clamps progress to 0..1 with a warning; a value inside needs none", () => {
    const { win, sdk, posted } = loadSdk();
    const warn = vi.spyOn(win.console, "warn").mockImplementation(() => {});
    void sdk.loading.progress(0.5);
    expect(warn).not.toHaveBeenCalled();
    void sdk.loading.progress(1.5);
    void sdk.loading.progress(-0.2);
    expect(posted().map((m) => [m.type, m.payload])).toEqual([
      ["loading.progress", { progress: 0.5 }],
      ["loading.progress", { progress: 1 }],
      ["loading.progress", { progress: 0 }],
    ]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("clamped"), 1.5);
  });

  it("rounds a fractional score with a warning", () => {
    const { win, sdk, last } = loadSdk();
    const warn = vi.spyOn(win.console, "warn").mockImplementation(() => {});
    void sdk.scores.submit(12.6, { won: false });
    expect(last().payload).toEqual({ score: 13, won: false });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("rounded"), 12.6);
  });
});

describe("sdk/v2.js as a global", () => {
  it("including the script twice keeps the first object", () => {
    const { win, sdk } = loadSdk();
    win.eval(SDK_V2_SOURCE);
    expect(win.Arcadium).toBe(sdk);
    expect(sdk.version).toBe(2);
  });

  it("window.Arcadium and its groups are frozen", () => {
    const { sdk } = loadSdk();
    for (const part of [sdk, sdk.gameplay, sdk.loading, sdk.scores, sdk.data, sdk.achievements, sdk.rooms])
      expect(Object.isFrozen(part)).toBe(true);
    const original = sdk.init;
    expect(() => {
      (sdk as { init: unknown }).init = () => Promise.resolve("fake");
    }).toThrow();
    expect(sdk.init).toBe(original);
  });
});

describe("sdk/v2.js outside a frame (window.parent === window)", () => {
  function loadAlone(before?: (win: GameWindow) => void) {
    let postMessage: Mock | undefined;
    const loaded = loadSdk({
      framed: false,
      before: (win) => {
        postMessage = vi.spyOn(win, "postMessage") as unknown as Mock;
        before?.(win);
      },
    });
    expect(loaded.win.parent).toBe(loaded.win);
    return { ...loaded, postMessage: postMessage! };
  }

  it("posts nothing; init() answers a guest with local settings", async () => {
    const { win, sdk, postMessage } = loadAlone();
    const info = vi.spyOn(win.console, "info").mockImplementation(() => {});
    await expect(sdk.init()).resolves.toEqual({
      user: null,
      settings: { muted: false, locale: win.navigator.language, reducedMotion: false },
    });
    await expect(sdk.gameplay.start()).resolves.toBeUndefined();
    await expect(sdk.scores.submit(10)).resolves.toBeUndefined();
    await expect(sdk.achievements.unlock("first_win")).resolves.toEqual({ unlocked: false });
    expect(postMessage).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(expect.stringContaining("would unlock"), "first_win");
  });

  it("init() reports reduced motion when the player prefers it", async () => {
    const { sdk } = loadAlone((win) => {
      win.matchMedia = ((query: string) => ({
        matches: query === "(prefers-reduced-motion: reduce)",
      })) as typeof win.matchMedia;
    });
    await expect(sdk.init()).resolves.toMatchObject({ settings: { reducedMotion: true } });
  });

  it("data.* use localStorage keys prefixed 'arcadium-dev-save:'; keys() is sorted; clear() removes only those", async () => {
    const { win, sdk, postMessage } = loadAlone();
    win.localStorage.setItem("other-key", "keep");
    await sdk.data.setItem("b", "2");
    await sdk.data.setItem("a", "1");
    await sdk.data.setItem("c", "3");
    expect(win.localStorage.getItem("arcadium-dev-save:a")).toBe("1");
    await expect(sdk.data.getItem("b")).resolves.toBe("2");
    await expect(sdk.data.getItem("missing")).resolves.toBeNull();
    await expect(sdk.data.keys()).resolves.toEqual(["a", "b", "c"]);

    await sdk.data.removeItem("b");
    expect(win.localStorage.getItem("arcadium-dev-save:b")).toBeNull();
    await expect(sdk.data.keys()).resolves.toEqual(["a", "c"]);

    await sdk.data.clear();
    await expect(sdk.data.keys()).resolves.toEqual([]);
    expect(win.localStorage.length).toBe(1);
    expect(win.localStorage.getItem("other-key")).toBe("keep");
    expect(postMessage).not.toHaveBeenCalled();
  });

  it("still checks arguments", async () => {
    const { sdk } = loadAlone();
    await expect(sdk.data.setItem("", "v")).rejects.toMatchObject({ code: "invalid" });
    await expect(sdk.scores.submit(-1)).rejects.toMatchObject({ code: "invalid" });
  });
});
