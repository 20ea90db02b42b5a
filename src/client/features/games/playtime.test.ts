import { describe, expect, it } from "vitest";
import { formatPlaytime } from "./playtime";

describe("formatPlaytime (D86)", () => {
  it.each([
    [0, "under a minute"],
    [59_999, "under a minute"],
    [60_000, "1 min"],
    [12 * 60_000 + 59_000, "12 min"],
    [60 * 60_000, "1 h"],
    [65 * 60_000, "1 h 5 min"],
    [4 * 3_600_000, "4 h"],
    [123 * 3_600_000 + 7 * 60_000, "123 h 7 min"],
  ])("%i ms → %s", (ms, text) => expect(formatPlaytime(ms)).toBe(text));
});
