/** D153: each rule of the ad policy, on a clock the test sets. */
import { describe, expect, it } from "vitest";
import { decideAd, rewardWithoutAd, type AdPolicyInput, type AdPolicySettings } from "./ad-policy";

const START = new Date("2026-12-07T10:00:00Z");
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);
const SETTINGS: AdPolicySettings = {
  provider: "house",
  firstAdAfterSeconds: 60,
  minSecondsBetweenAds: 120,
  rewardWhenOff: "grant",
  gamesOff: [],
};

function input(
  over: Partial<Omit<AdPolicyInput, "settings">> & { settings?: Partial<AdPolicySettings> } = {},
): AdPolicyInput {
  return {
    schoolMode: false,
    gameId: 7,
    placement: "next",
    sessionStartedAt: START,
    lastAdAt: null,
    now: at(600),
    ...over,
    settings: { ...SETTINGS, ...over.settings },
  };
}

describe("ad policy", () => {
  it("allows a break once the session is old enough and no ad was shown", () => {
    expect(decideAd(input())).toEqual({ allowed: true });
  });

  it("shows no ad in school mode, even a rewarded one", () => {
    expect(decideAd(input({ schoolMode: true }))).toEqual({ allowed: false, reason: "school_mode" });
    expect(decideAd(input({ schoolMode: true, placement: "reward" }))).toEqual({
      allowed: false,
      reason: "school_mode",
    });
  });

  it("shows no ad on a game whose ads are switched off", () => {
    expect(decideAd(input({ settings: { gamesOff: [3, 7] } }))).toEqual({ allowed: false, reason: "game_off" });
    expect(decideAd(input({ settings: { gamesOff: [3] } }))).toEqual({ allowed: true });
    // a rewarded ad too: the reward then follows rewardWhenOff
    expect(decideAd(input({ placement: "reward", settings: { gamesOff: [7] } }))).toEqual({
      allowed: false,
      reason: "game_off",
    });
  });

  it("shows no ad without a provider", () => {
    expect(decideAd(input({ settings: { provider: "none" } }))).toEqual({ allowed: false, reason: "no_provider" });
  });

  it("waits the first 60 s of a session, settable", () => {
    expect(decideAd(input({ now: at(59.999) }))).toEqual({ allowed: false, reason: "too_soon" });
    expect(decideAd(input({ now: at(60) }))).toEqual({ allowed: true });
    expect(decideAd(input({ now: at(10), settings: { firstAdAfterSeconds: 5 } }))).toEqual({ allowed: true });
  });

  it("waits 120 s between ads, settable", () => {
    expect(decideAd(input({ lastAdAt: at(500), now: at(619) }))).toEqual({ allowed: false, reason: "frequency" });
    expect(decideAd(input({ lastAdAt: at(500), now: at(620) }))).toEqual({ allowed: true });
    expect(decideAd(input({ lastAdAt: at(500), now: at(531), settings: { minSecondsBetweenAds: 30 } }))).toEqual({
      allowed: true,
    });
  });

  it("lets a rewarded ad through the time limits: the player asked for it", () => {
    expect(decideAd(input({ placement: "reward", now: at(1) }))).toEqual({ allowed: true });
    expect(decideAd(input({ placement: "reward", lastAdAt: at(599), now: at(600) }))).toEqual({ allowed: true });
  });

  it("grants or refuses a reward without an ad, as set", () => {
    expect(rewardWithoutAd({ rewardWhenOff: "grant" })).toBe(true);
    expect(rewardWithoutAd({ rewardWhenOff: "refuse" })).toBe(false);
  });
});
