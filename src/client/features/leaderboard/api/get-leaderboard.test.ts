import { describe, expect, it } from "vitest";
import { risingStars } from "./get-leaderboard";

describe("risingStars (spec §9)", () => {
  it("is the last 5 entries, reversed", () => {
    expect(risingStars([1, 2, 3, 4, 5, 6, 7, 8])).toEqual([8, 7, 6, 5, 4]);
    expect(risingStars([1, 2, 3])).toEqual([3, 2, 1]);
    expect(risingStars([])).toEqual([]);
  });
});
