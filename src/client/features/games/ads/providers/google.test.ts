/** D152: Google's break types and breakStatus values as our ad vocabulary. */
import { describe, expect, it } from "vitest";
import { googleBreakType, googleOutcome } from "./google";

describe("Google H5 Games Ads mapping", () => {
  it("asks Google for the same moment: preroll, start, pause, next, browse, and reward for a rewarded ad", () => {
    for (const p of ["preroll", "start", "pause", "next", "browse", "reward"] as const)
      expect(googleBreakType(p)).toBe(p);
  });

  it.each([
    ["viewed", { shown: true, reason: "shown" }, { granted: true }, false],
    ["dismissed", { shown: true, reason: "shown" }, { granted: false }, true],
    ["notReady", { shown: false, reason: "not_ready" }, { granted: false }, false],
    ["timeout", { shown: false, reason: "timeout" }, { granted: false }, false],
    ["error", { shown: false, reason: "error" }, { granted: false }, false],
    ["noAdPreloaded", { shown: false, reason: "no_fill" }, { granted: false }, false],
    ["frequencyCapped", { shown: false, reason: "frequency" }, { granted: false }, false],
    ["ignored", { shown: false, reason: "no_fill" }, { granted: false }, false],
    ["other", { shown: false, reason: "no_fill" }, { granted: false }, false],
    ["something new", { shown: false, reason: "error" }, { granted: false }, false],
  ])("breakStatus %s answers a break %j and a reward %j", (status, breakAnswer, rewardAnswer, dismissed) => {
    expect(googleOutcome(status, false)).toEqual({ answer: breakAnswer, dismissed });
    expect(googleOutcome(status, true)).toEqual({ answer: rewardAnswer, dismissed });
  });
});
