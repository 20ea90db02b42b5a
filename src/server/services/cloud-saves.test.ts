import { describe, expect, it } from "vitest";
import { cloudSaveWriteSchema, parseCloudSaveQuotaKib } from "../../contract/saves";
import {
  CloudSaveQuotaExceeded,
  clampWrittenAt,
  entryBytes,
  formatBytes,
  planWrite,
  quotaMessage,
} from "./cloud-saves";

const KIB = 1024;
const MIB = 1024 * 1024;

describe("formatBytes", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [1023, "1023 bytes"],
    [KIB, "1 KiB"],
    [1536, "1.5 KiB"],
    [512 * KIB, "512 KiB"],
    [MIB - 1, "1 MiB"],
    [MIB, "1 MiB"],
    [Math.round(1.2 * MIB), "1.2 MiB"],
    [1.25 * MIB, "1.3 MiB"],
    [10 * MIB, "10 MiB"],
  ])("%i bytes → %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it("takes the number of decimals asked for", () => {
    expect(formatBytes(MIB + 20 * KIB, 2)).toBe("1.02 MiB");
    expect(formatBytes(1537, 3)).toBe("1.501 KiB");
  });
});

describe("quotaMessage", () => {
  it("names both sizes in human units", () => {
    expect(quotaMessage(Math.round(1.2 * MIB), MIB)).toBe(
      "Cloud save full: this game's data would use 1.2 MiB of the 1 MiB allowed",
    );
    expect(quotaMessage(20 * KIB, 16 * KIB)).toBe(
      "Cloud save full: this game's data would use 20 KiB of the 16 KiB allowed",
    );
  });

  it("adds decimals, then falls back to bytes, rather than saying 1 MiB of the 1 MiB allowed", () => {
    expect(quotaMessage(MIB + 20 * KIB, MIB)).toBe(
      "Cloud save full: this game's data would use 1.02 MiB of the 1 MiB allowed",
    );
    expect(quotaMessage(MIB + 1, MIB)).toBe(
      "Cloud save full: this game's data would use 1,048,577 bytes of the 1,048,576 bytes allowed",
    );
  });

  it("is the message and code of the quota error", () => {
    const error = new CloudSaveQuotaExceeded(20 * KIB, 16 * KIB);
    expect(error.message).toBe(quotaMessage(20 * KIB, 16 * KIB));
    expect(error.code).toBe("quota");
  });
});

describe("entryBytes", () => {
  it("counts the key and the value in UTF-8", () => {
    expect(entryBytes("a", "")).toBe(1);
    expect(entryBytes("é", "€")).toBe(2 + 3);
    expect(entryBytes("🎮", "ключ")).toBe(4 + 8);
  });
});

describe("clampWrittenAt", () => {
  const now = new Date("2026-06-01T12:00:00.000Z");
  it("keeps past times and times up to 5 minutes ahead; later ones become now", () => {
    const past = new Date("2020-01-01T00:00:00.000Z");
    expect(clampWrittenAt(past, now)).toBe(past);
    const fiveMinutes = new Date(now.getTime() + 5 * 60_000);
    expect(clampWrittenAt(fiveMinutes, now)).toBe(fiveMinutes);
    expect(clampWrittenAt(new Date(fiveMinutes.getTime() + 1), now)).toBe(now);
  });
});

describe("planWrite", () => {
  const now = new Date("2026-06-01T12:00:00.000Z");
  const t = (s: number) => new Date(Date.UTC(2026, 5, 1, 11, 0, s)).toISOString();
  const plan = (body: unknown) => planWrite(cloudSaveWriteSchema.parse(body), now);
  const summary = (p: ReturnType<typeof planWrite>) =>
    p.ops.map((op) => `${op.kind} ${op.key}${op.kind === "set" ? `=${op.value}` : ""}`).sort();

  it("keeps the newest item of each key; a later item wins a tie, and a remove beats a set", () => {
    const p = plan({
      set: [
        { key: "a", value: "1", updatedAt: t(1) },
        { key: "a", value: "2", updatedAt: t(2) },
        { key: "a", value: "old", updatedAt: t(0) },
        { key: "b", value: "first", updatedAt: t(5) },
        { key: "b", value: "second", updatedAt: t(5) },
        { key: "c", value: "set", updatedAt: t(5) },
      ],
      remove: [
        { key: "c", updatedAt: t(5) },
        { key: "a", updatedAt: t(1) },
      ],
    });
    expect(summary(p)).toEqual(["remove c", "set a=2", "set b=second"]);
  });

  it("drops the items older than a clear, and clamps every time", () => {
    const p = plan({
      clear: { updatedAt: "2030-01-01T00:00:00.000Z" },
      set: [
        { key: "before", value: "x", updatedAt: t(1) },
        { key: "future", value: "y", updatedAt: "2031-01-01T00:00:00.000Z" },
      ],
    });
    expect(p.clearAt).toEqual(now);
    expect(p.ops).toEqual([{ kind: "set", key: "future", value: "y", at: now }]);
  });
});

describe("parseCloudSaveQuotaKib", () => {
  it.each([
    ["1024", 1024],
    [" 16 ", 16],
    ["10240", 10240],
    ["15", undefined],
    ["10241", undefined],
    ["1e3", undefined],
    ["1.5", undefined],
    ["", undefined],
    ["9999999999", undefined],
  ])("%j → %j", (text, kib) => {
    expect(parseCloudSaveQuotaKib(text)).toBe(kib);
  });
});
