/** D152: the weighted pick among the active house ads. */
import { describe, expect, it } from "vitest";
import { pickWeighted } from "./house";

describe("pickWeighted", () => {
  const ads = [
    { id: 1, weight: 1 },
    { id: 2, weight: 3 },
  ];
  it("gives each ad its weight's share of [0, 1)", () => {
    expect(pickWeighted(ads, 0)?.id).toBe(1);
    expect(pickWeighted(ads, 0.2499)?.id).toBe(1);
    expect(pickWeighted(ads, 0.25)?.id).toBe(2);
    expect(pickWeighted(ads, 0.9999)?.id).toBe(2);
  });
  it("picks nothing from nothing", () => {
    expect(pickWeighted([], 0.5)).toBeNull();
  });
  it("over many draws, shows each in proportion to its weight", () => {
    const counts = { 1: 0, 2: 0 } as Record<number, number>;
    for (let i = 0; i < 4000; i++) counts[pickWeighted(ads, i / 4000)!.id] += 1;
    expect(counts).toEqual({ 1: 1000, 2: 3000 });
  });
});
