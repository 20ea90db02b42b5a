import zlib from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PgListener } from "./pg-listener";
import { READ_CACHE_CHANNEL, ReadCache } from "./read-cache";

/** A stand-in for the process's LISTEN connection: notifications and reconnects are delivered by hand. */
function fakeListener(mode: "local" | "postgres" = "postgres") {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnects = new Set<() => void>();
  const sent: Array<{ channel: string; payload: string }> = [];
  const fake = {
    mode,
    listening: true,
    on(channel: string, handler: (payload: string) => void) {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(handler);
      return () => set.delete(handler);
    },
    onReconnect(callback: () => void) {
      reconnects.add(callback);
      return () => reconnects.delete(callback);
    },
    async notify(channel: string, payload: string) {
      sent.push({ channel, payload });
      return true;
    },
    deliver(channel: string, payload: string) {
      for (const h of handlers.get(channel) ?? []) h(payload);
    },
    reconnect() {
      for (const c of reconnects) c();
    },
    sent,
  };
  return fake;
}

const asListener = (fake: ReturnType<typeof fakeListener>) => fake as unknown as PgListener;

function counter(prefix = "v") {
  let n = 0;
  const build = vi.fn(async () => ({
    json: JSON.stringify({ value: `${prefix}${++n}` }),
    headers: { "X-Total-Count": String(n) },
  }));
  return build;
}

const valueOf = async (read: Promise<{ json: Buffer }>) =>
  JSON.parse((await read).json.toString("utf8")).value as string;

describe("ReadCache (issue 12 item 4, decision 008)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("builds an answer once and serves it until invalidated, with a strong ETag and its headers", async () => {
    const cache = new ReadCache(asListener(fakeListener()));
    const build = counter();
    const first = await cache.get("k", build);
    const second = await cache.get("k", build);
    expect(build).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers).toEqual({ "X-Total-Count": "1" });
    expect(cache.stats).toEqual({ builds: 1, hits: 1 });
    await cache.invalidate();
    const third = await cache.get("k", build);
    expect(build).toHaveBeenCalledTimes(2);
    expect(JSON.parse(third.json.toString())).toEqual({ value: "v2" });
    expect(third.etag).not.toBe(first.etag);
  });

  it("shares one build between concurrent requests for a missing key", async () => {
    const cache = new ReadCache(asListener(fakeListener()));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const build = vi.fn(async () => {
      await gate;
      return { json: "[1,2,3]" };
    });
    const all = Promise.all([cache.get("k", build), cache.get("k", build), cache.get("k", build)]);
    release();
    const [a, b, c] = await all;
    expect(build).toHaveBeenCalledTimes(1);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it("answers a build that raced an invalidation but does not keep it for the new generation", async () => {
    const cache = new ReadCache(asListener(fakeListener()));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = vi.fn(async () => {
      await gate;
      return { json: JSON.stringify({ value: "old" }) };
    });
    const racing = cache.get("k", slow);
    await cache.invalidate();
    release();
    expect(await valueOf(racing)).toBe("old");
    const fresh = counter("new");
    expect(await valueOf(cache.get("k", fresh))).toBe("new1");
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed build, so that the next request tries again", async () => {
    const cache = new ReadCache(asListener(fakeListener()));
    await expect(cache.get("k", async () => Promise.reject(new Error("not found")))).rejects.toThrow("not found");
    expect(cache.size).toBe(0);
    expect(await valueOf(cache.get("k", counter()))).toBe("v1");
  });

  it("starts a new generation when another process notifies, but not on its own echo", async () => {
    const listener = fakeListener();
    const cache = new ReadCache(asListener(listener));
    const build = counter();
    await cache.get("k", build);
    listener.deliver(READ_CACHE_CHANNEL, cache.id);
    await cache.get("k", build);
    expect(build).toHaveBeenCalledTimes(1);
    listener.deliver(READ_CACHE_CHANNEL, "another-process");
    expect(await valueOf(cache.get("k", build))).toBe("v2");
  });

  it("tells the other processes on invalidate, with its own id", async () => {
    const listener = fakeListener();
    const cache = new ReadCache(asListener(listener));
    await cache.invalidate();
    expect(listener.sent).toEqual([{ channel: READ_CACHE_CHANNEL, payload: cache.id }]);
  });

  it("coalesces the notifications of frequent changes but always starts a new generation here at once", async () => {
    vi.useFakeTimers();
    const listener = fakeListener();
    const cache = new ReadCache(asListener(listener), { coalesceMs: 500 });
    const build = counter();
    await cache.invalidate({ frequent: true });
    expect(listener.sent).toHaveLength(1);
    for (let i = 0; i < 10; i++) {
      await cache.get("k", build);
      await cache.invalidate({ frequent: true });
    }
    // Every play was visible here at once (a new build each time) …
    expect(build).toHaveBeenCalledTimes(10);
    // … but the other processes were told once more, at the end of the window.
    expect(listener.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(listener.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(listener.sent).toHaveLength(2);
    // A change of another kind is never held back.
    await cache.invalidate();
    expect(listener.sent).toHaveLength(3);
  });

  it("serves nothing from memory while the LISTEN connection is down, and starts a new generation on reconnect", async () => {
    const listener = fakeListener();
    const cache = new ReadCache(asListener(listener));
    const build = counter();
    await cache.get("k", build);
    listener.listening = false;
    await cache.get("k", build);
    await cache.get("k", build);
    expect(build).toHaveBeenCalledTimes(3);
    listener.listening = true;
    // The entry from before the outage is still there until the reconnect is reported …
    listener.reconnect();
    expect(await valueOf(cache.get("k", build))).toBe("v4");
  });

  it("keeps at most maxEntries answers, least recently used leaving first", async () => {
    const cache = new ReadCache(asListener(fakeListener()), { maxEntries: 3 });
    const build = counter();
    for (const key of ["a", "b", "c"]) await cache.get(key, build);
    await cache.get("a", build); // a is now the most recent
    await cache.get("d", build); // b leaves
    expect(cache.size).toBe(3);
    const before = build.mock.calls.length;
    await cache.get("a", build);
    await cache.get("c", build);
    await cache.get("d", build);
    expect(build.mock.calls.length).toBe(before);
    await cache.get("b", build);
    expect(build.mock.calls.length).toBe(before + 1);
  });

  it("keeps searches apart: a flood of searches does not push the lists out", async () => {
    const cache = new ReadCache(asListener(fakeListener()), { maxEntries: 3, maxSearchEntries: 2 });
    const build = counter();
    await cache.get("home", build);
    for (let i = 0; i < 20; i++) await cache.get(`search:${i}`, build, "searches");
    expect(cache.size).toBe(3);
    const before = build.mock.calls.length;
    await cache.get("home", build);
    await cache.get("search:19", build, "searches");
    expect(build.mock.calls.length).toBe(before);
    await cache.get("search:0", build, "searches");
    expect(build.mock.calls.length).toBe(before + 1);
    // An invalidation empties both.
    await cache.invalidate();
    expect(cache.size).toBe(0);
  });

  it("builds again after maxAgeMs even without an invalidation", async () => {
    vi.useFakeTimers();
    const cache = new ReadCache(asListener(fakeListener()), { maxAgeMs: 1000 });
    const build = counter();
    await cache.get("k", build);
    await vi.advanceTimersByTimeAsync(999);
    await cache.get("k", build);
    expect(build).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2);
    await cache.get("k", build);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("makes each compressed form once, and it decodes to the same bytes", async () => {
    const cache = new ReadCache(asListener(fakeListener("local")));
    const json = JSON.stringify(
      Array.from({ length: 50 }, (_, i) => ({ id: i, title: `Game ${i}`, description: "a game like the others" })),
    );
    const read = await cache.get("k", async () => ({ json }));
    const br = read.encoded("br");
    expect(read.encoded("br")).toBe(br);
    expect(br.length).toBeLessThan(read.json.length / 4);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(json);
    expect(zlib.gunzipSync(read.encoded("gzip")).toString()).toBe(json);
  });

  it("sends no NOTIFY in the local mode (PGlite, one process)", async () => {
    const listener = fakeListener("local");
    const cache = new ReadCache(asListener(listener));
    const build = counter();
    await cache.get("k", build);
    await cache.invalidate();
    await cache.invalidate({ frequent: true });
    expect(listener.sent).toEqual([]);
    expect(await valueOf(cache.get("k", build))).toBe("v2");
  });
});
