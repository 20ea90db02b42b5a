import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { jsonResponse, mockApi } from "@test/render-app";
import {
  accountBackend,
  DEFAULT_SAVE_QUOTA_BYTES,
  entryBytes,
  GameSaves,
  guestBackend,
  formatBytes,
  mergeBatches,
  moveGuestSaves,
  type SaveBackend,
  type SaveBatch,
  type SaveEntry,
} from "./game-saves";
import { SdkV2Error } from "./sdk-v2";

const GUEST_KEY = "arcadium-saves:5";
const T0 = "2026-01-01T00:00:00.000Z";

/** The store logs refused or unmoved saves with console.warn: silenced, and checked where it matters. */
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  warn.mockRestore();
  localStorage.clear();
});

/** A backend in memory: `writes` records every batch sent; `failWith` makes the next writes fail. */
function memoryBackend(initial: Record<string, string> = {}, quotaBytes = DEFAULT_SAVE_QUOTA_BYTES) {
  const writes: SaveBatch[] = [];
  const failures: unknown[] = [];
  const entries = () =>
    new Map<string, SaveEntry>(Object.entries(initial).map(([k, v]) => [k, { value: v, updatedAt: T0 }]));
  const backend = {
    load: vi.fn(async () => ({ entries: entries(), quotaBytes })),
    write: vi.fn(async (batch: SaveBatch) => {
      writes.push(structuredClone(batch));
      if (failures.length > 0) throw failures.shift();
    }),
  } satisfies SaveBackend;
  return { backend, writes, failNext: (err: unknown) => failures.push(err) };
}

/** A clock for the stamps: each call one second later. */
function ticking(start = Date.parse(T0)) {
  let t = start;
  return () => new Date((t += 1000));
}

describe("entryBytes and formatBytes", () => {
  it("counts UTF-8 bytes of key and value", () => {
    expect(entryBytes("ab", "cde")).toBe(5);
    expect(entryBytes("é", "€")).toBe(2 + 3);
    expect(entryBytes("", "")).toBe(0);
  });

  it("writes sizes for people", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(1024)).toBe("1 KiB");
    expect(formatBytes(1536)).toBe("1.5 KiB");
    expect(formatBytes(1024 * 1024)).toBe("1 MiB");
    expect(formatBytes(1.25 * 1024 * 1024)).toBe("1.3 MiB");
  });
});

describe("GameSaves: reads and the quota", () => {
  it("answers reads from the loaded copy; keys() is sorted", async () => {
    const { backend } = memoryBackend({ b: "2", a: "1" });
    const saves = new GameSaves(backend);
    await expect(saves.getItem("a")).resolves.toBe("1");
    await expect(saves.getItem("missing")).resolves.toBeNull();
    await expect(saves.keys()).resolves.toEqual(["a", "b"]);
    expect(saves.usedBytes()).toBe(4);
    expect(backend.load).toHaveBeenCalledTimes(1);
  });

  it("a failed load makes every call reject with the load's error", async () => {
    const error = new SdkV2Error("unavailable", "Could not load the game's saved data");
    const saves = new GameSaves({ load: () => Promise.reject(error), write: vi.fn() });
    await expect(saves.getItem("a")).rejects.toBe(error);
    await expect(saves.setItem("a", "1")).rejects.toBe(error);
    await expect(saves.keys()).rejects.toBe(error);
  });

  it("refuses a write that would pass the quota with 'quota', keeping the data and sending nothing", async () => {
    vi.useFakeTimers();
    const { backend } = memoryBackend({ a: "12345" }, 20); // 6 bytes used of 20
    const saves = new GameSaves(backend);
    await saves.setItem("b", "x".repeat(13)); // 6 + 14 = 20: just fits
    const err = await saves.setItem("c", "").catch((e: unknown) => e); // 21
    expect(err).toBeInstanceOf(SdkV2Error);
    expect(err).toMatchObject({ code: "quota", message: expect.stringContaining("21 bytes of the 20 bytes") });
    await expect(saves.keys()).resolves.toEqual(["a", "b"]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(backend.write).toHaveBeenCalledTimes(1);
    expect(backend.write.mock.calls[0][0].set.map((s) => s.key)).toEqual(["b"]);
  });

  it("counts a replaced value once: overwriting a key checks the new size only", async () => {
    const { backend } = memoryBackend({ a: "x".repeat(9) }, 12); // 10 of 12
    const saves = new GameSaves(backend);
    await expect(saves.setItem("a", "y".repeat(11))).resolves.toBeUndefined(); // 12 of 12
    await expect(saves.getItem("a")).resolves.toBe("y".repeat(11));
    await expect(saves.setItem("a", "y".repeat(12))).rejects.toMatchObject({ code: "quota" });
    await expect(saves.getItem("a")).resolves.toBe("y".repeat(11));
  });
});

describe("GameSaves: batching writes (at most one request a second)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("sends the changes made together as one batch, stamped, the last value of a key winning", async () => {
    const { backend, writes } = memoryBackend();
    const saves = new GameSaves(backend, { now: ticking() });
    await saves.setItem("a", "1");
    await saves.setItem("b", "2");
    await saves.setItem("a", "3");
    expect(backend.write).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual([
      {
        set: [
          { key: "b", value: "2", updatedAt: "2026-01-01T00:00:02.000Z" },
          { key: "a", value: "3", updatedAt: "2026-01-01T00:00:03.000Z" },
        ],
        remove: [],
      },
    ]);
  });

  it("waits a second after a request before sending the next one", async () => {
    const { backend, writes } = memoryBackend();
    const saves = new GameSaves(backend);
    await saves.setItem("a", "1");
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);

    await saves.setItem("b", "2");
    await saves.removeItem("a");
    await vi.advanceTimersByTimeAsync(999);
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatchObject({ set: [{ key: "b", value: "2" }], remove: [{ key: "a" }] });

    await vi.advanceTimersByTimeAsync(10_000);
    expect(writes).toHaveLength(2); // nothing more to send
  });

  it("a remove cancels a waiting set of the key, and a set a waiting remove", async () => {
    const { backend, writes } = memoryBackend({ old: "x" });
    const saves = new GameSaves(backend);
    await saves.setItem("a", "1");
    await saves.removeItem("a");
    await saves.removeItem("old");
    await saves.setItem("old", "back");
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);
    expect(writes[0].set.map((s) => [s.key, s.value])).toEqual([["old", "back"]]);
    expect(writes[0].remove.map((r) => r.key)).toEqual(["a"]);
    await expect(saves.getItem("a")).resolves.toBeNull();
  });

  it("clear() empties the copy and replaces what was waiting with a clear", async () => {
    const { backend, writes } = memoryBackend({ a: "1" });
    const saves = new GameSaves(backend, { now: ticking() });
    await saves.setItem("b", "2");
    await saves.clear();
    await saves.setItem("c", "3");
    await expect(saves.keys()).resolves.toEqual(["c"]);
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual([
      {
        set: [{ key: "c", value: "3", updatedAt: "2026-01-01T00:00:03.000Z" }],
        remove: [],
        clear: { updatedAt: "2026-01-01T00:00:02.000Z" },
      },
    ]);
  });

  it("flush() sends at once what is waiting, and nothing when nothing is", async () => {
    const { backend, writes } = memoryBackend();
    const saves = new GameSaves(backend, { intervalMs: 60_000 });
    await saves.setItem("a", "1");
    await vi.advanceTimersByTimeAsync(0);
    await saves.setItem("b", "2"); // would wait a minute
    await saves.flush();
    expect(writes.map((w) => w.set.map((s) => s.key))).toEqual([["a"], ["b"]]);
    await saves.flush();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(writes).toHaveLength(2);
  });

  it("keeps a batch that could not be sent and retries it a second later, under anything newer", async () => {
    const { backend, writes, failNext } = memoryBackend();
    const saves = new GameSaves(backend);
    failNext(new SdkV2Error("unavailable", "offline"));
    await saves.setItem("a", "1");
    await saves.setItem("b", "1");
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);

    await saves.setItem("b", "2"); // newer than the batch that failed
    await vi.advanceTimersByTimeAsync(999);
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toHaveLength(2);
    expect(writes[1].set.map((s) => [s.key, s.value])).toEqual([
      ["a", "1"],
      ["b", "2"],
    ]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(writes).toHaveLength(2);
    expect(backend.load).toHaveBeenCalledTimes(1);
  });

  it("when the server refuses a batch for size, the store reloads its data instead of retrying", async () => {
    const { backend, writes, failNext } = memoryBackend({ a: "server" });
    const saves = new GameSaves(backend);
    failNext(new SdkV2Error("quota", "Cloud save full"));
    await saves.setItem("a", "mine");
    await saves.setItem("b", "mine");
    await expect(saves.getItem("a")).resolves.toBe("mine");
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.load).toHaveBeenCalledTimes(2);
    await expect(saves.getItem("a")).resolves.toBe("server");
    await expect(saves.keys()).resolves.toEqual(["a"]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(writes).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.any(String), "Cloud save full");
  });
});

describe("mergeBatches", () => {
  const set = (key: string, value: string, updatedAt = T0) => ({ key, value, updatedAt });
  const remove = (key: string, updatedAt = T0) => ({ key, updatedAt });

  it("keeps the earlier changes of keys the later batch does not touch, then the later ones", () => {
    const earlier: SaveBatch = { set: [set("a", "1"), set("b", "1")], remove: [remove("c"), remove("d")] };
    const later: SaveBatch = { set: [set("b", "2"), set("c", "2")], remove: [remove("a")] };
    expect(mergeBatches(earlier, later)).toEqual({
      set: [set("b", "2"), set("c", "2")],
      remove: [remove("d"), remove("a")],
    });
  });

  it("a later clear wins over everything earlier", () => {
    const later: SaveBatch = { set: [set("x", "1")], remove: [], clear: { updatedAt: "2026-02-01T00:00:00.000Z" } };
    expect(mergeBatches({ set: [set("a", "1")], remove: [remove("b")] }, later)).toEqual(later);
  });

  it("an earlier clear is kept, with the later changes after it", () => {
    const earlier: SaveBatch = { set: [set("a", "1")], remove: [], clear: { updatedAt: T0 } };
    expect(mergeBatches(earlier, { set: [], remove: [remove("a")] })).toEqual({
      clear: { updatedAt: T0 },
      set: [],
      remove: [remove("a")],
    });
  });
});

describe("guestBackend (this browser's localStorage)", () => {
  it("loads the entries stored under arcadium-saves:{gameId}, skipping malformed ones", async () => {
    localStorage.setItem(
      GUEST_KEY,
      JSON.stringify({
        a: { value: "1", updatedAt: T0 },
        bad: { value: 2, updatedAt: T0 },
        nothing: null,
        noStamp: { value: "x" },
      }),
    );
    localStorage.setItem("arcadium-saves:6", JSON.stringify({ other: { value: "game 6", updatedAt: T0 } }));
    const { entries, quotaBytes } = await guestBackend(5).load();
    expect([...entries]).toEqual([["a", { value: "1", updatedAt: T0 }]]);
    expect(quotaBytes).toBe(DEFAULT_SAVE_QUOTA_BYTES);
  });

  it.each([
    ["not JSON", "{oops"],
    ["an array", "[1,2]"],
    ["a number", "42"],
  ])("loads nothing from a store that is %s", async (_what, raw) => {
    localStorage.setItem(GUEST_KEY, raw);
    expect((await guestBackend(5).load()).entries.size).toBe(0);
  });

  it("applies a batch to what is stored; an empty store is removed", async () => {
    const backend = guestBackend(5);
    await backend.write({
      set: [
        { key: "a", value: "1", updatedAt: T0 },
        { key: "b", value: "2", updatedAt: T0 },
      ],
      remove: [],
    });
    await backend.write({ set: [{ key: "c", value: "3", updatedAt: T0 }], remove: [{ key: "a", updatedAt: T0 }] });
    expect(JSON.parse(localStorage.getItem(GUEST_KEY)!)).toEqual({
      b: { value: "2", updatedAt: T0 },
      c: { value: "3", updatedAt: T0 },
    });

    await backend.write({ set: [{ key: "d", value: "4", updatedAt: T0 }], remove: [], clear: { updatedAt: T0 } });
    expect(JSON.parse(localStorage.getItem(GUEST_KEY)!)).toEqual({ d: { value: "4", updatedAt: T0 } });

    await backend.write({ set: [], remove: [{ key: "d", updatedAt: T0 }] });
    expect(localStorage.getItem(GUEST_KEY)).toBeNull();
  });

  it("a full browser store refuses with 'quota'", async () => {
    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    try {
      await expect(
        guestBackend(5).write({ set: [{ key: "a", value: "1", updatedAt: T0 }], remove: [] }),
      ).rejects.toMatchObject({ code: "quota" });
    } finally {
      setItem.mockRestore();
    }
  });

  it("works with GameSaves: a write lands in localStorage after the flush", async () => {
    const saves = new GameSaves(guestBackend(5), { now: () => new Date(T0) });
    await saves.setItem("level", "3");
    expect(localStorage.getItem(GUEST_KEY)).toBeNull();
    await saves.flush();
    expect(JSON.parse(localStorage.getItem(GUEST_KEY)!)).toEqual({ level: { value: "3", updatedAt: T0 } });
  });
});

describe("moveGuestSaves", () => {
  const stored = { a: { value: "1", updatedAt: T0 } };

  it("does nothing when this browser holds no saves of the game", async () => {
    const fetch = mockApi([]);
    await moveGuestSaves(5);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the guest's saves to the account, then removes them from the browser", async () => {
    localStorage.setItem(GUEST_KEY, JSON.stringify(stored));
    const fetch = mockApi([
      [
        "POST",
        "/api/games/5/saves",
        () => jsonResponse({ entries: [], usedBytes: 2, quotaBytes: DEFAULT_SAVE_QUOTA_BYTES }),
      ],
    ]);
    await moveGuestSaves(5);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(String(url)).toBe("/api/games/5/saves");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ set: [{ key: "a", value: "1", updatedAt: T0 }], remove: [] });
    expect(localStorage.getItem(GUEST_KEY)).toBeNull();
  });

  it.each([
    [500, "unavailable"],
    [413, "quota"],
    [400, "invalid"],
  ])("keeps them in the browser when the server answers %i (code %s)", async (status, code) => {
    localStorage.setItem(GUEST_KEY, JSON.stringify(stored));
    mockApi([["POST", "/api/games/5/saves", () => jsonResponse({ message: "Refused" }, { status })]]);
    await expect(moveGuestSaves(5)).rejects.toMatchObject({ code });
    expect(JSON.parse(localStorage.getItem(GUEST_KEY)!)).toEqual(stored);
  });
});

describe("accountBackend (the API)", () => {
  const answer = { entries: [{ key: "a", value: "1", updatedAt: T0 }], usedBytes: 2, quotaBytes: 2048 };

  it("load() moves the guest's saves first, then reads the account's", async () => {
    localStorage.setItem(GUEST_KEY, JSON.stringify({ g: { value: "guest", updatedAt: T0 } }));
    const fetch = mockApi([
      ["POST", "/api/games/5/saves", () => jsonResponse(answer)],
      ["GET", "/api/games/5/saves", () => jsonResponse(answer)],
    ]);
    const { entries, quotaBytes } = await accountBackend(5).load();
    expect(fetch.mock.calls.map(([u, init]) => `${init?.method ?? "GET"} ${String(u)}`)).toEqual([
      "POST /api/games/5/saves",
      "GET /api/games/5/saves",
    ]);
    expect([...entries]).toEqual([["a", { value: "1", updatedAt: T0 }]]);
    expect(quotaBytes).toBe(2048);
    expect(localStorage.getItem(GUEST_KEY)).toBeNull();
  });

  it("load() still reads the account when moving the guest's saves fails; they stay in the browser", async () => {
    localStorage.setItem(GUEST_KEY, JSON.stringify({ g: { value: "guest", updatedAt: T0 } }));
    mockApi([
      ["POST", "/api/games/5/saves", () => jsonResponse({ message: "Down" }, { status: 503 })],
      ["GET", "/api/games/5/saves", () => jsonResponse(answer)],
    ]);
    const { entries } = await accountBackend(5).load();
    expect(entries.get("a")?.value).toBe("1");
    expect(localStorage.getItem(GUEST_KEY)).not.toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it("load() rejects with 'unavailable' when the saves cannot be read", async () => {
    mockApi([["GET", "/api/games/5/saves", () => jsonResponse({ message: "Down" }, { status: 500 })]]);
    await expect(accountBackend(5).load()).rejects.toMatchObject({ code: "unavailable" });
  });

  it("write() posts the batch as it is", async () => {
    const fetch = mockApi([["POST", "/api/games/5/saves", () => jsonResponse(answer)]]);
    const batch: SaveBatch = {
      set: [{ key: "a", value: "1", updatedAt: T0 }],
      remove: [{ key: "b", updatedAt: T0 }],
      clear: { updatedAt: T0 },
    };
    await accountBackend(5).write(batch);
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual(batch);
  });

  it.each([
    [413, "quota", "Cloud save full"],
    [400, "invalid", "Bad key"],
    [500, "unavailable", "Could not reach Arcadium to save the game's data"],
  ])("write() answered %i rejects with %s", async (status, code, message) => {
    mockApi([
      [
        "POST",
        "/api/games/5/saves",
        () => jsonResponse({ message: status === 500 ? "stack trace" : message }, { status }),
      ],
    ]);
    await expect(accountBackend(5).write({ set: [], remove: [] })).rejects.toMatchObject({ code, message });
  });

  it("write() rejects with 'unavailable' when the network fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(accountBackend(5).write({ set: [], remove: [] })).rejects.toMatchObject({ code: "unavailable" });
  });

  it("a 413 refusal of a batch makes the store reload the account's data", async () => {
    let serverValue = "old";
    const fetch = mockApi([
      [
        "GET",
        "/api/games/5/saves",
        () =>
          jsonResponse({ entries: [{ key: "a", value: serverValue, updatedAt: T0 }], usedBytes: 4, quotaBytes: 2048 }),
      ],
      ["POST", "/api/games/5/saves", () => jsonResponse({ message: "Cloud save full" }, { status: 413 })],
    ]);
    const saves = new GameSaves(accountBackend(5));
    await saves.setItem("a", "mine");
    serverValue = "from another tab";
    await saves.flush();
    await vi.waitFor(async () => expect(await saves.getItem("a")).toBe("from another tab"));
    // this store's batch only: a store of an earlier test may still be retrying on its timer (shared modules)
    const posts = fetch.mock.calls.filter(
      ([, init]) => init?.method === "POST" && String(init.body).includes('"mine"'),
    );
    expect(posts).toHaveLength(1);
  });
});
