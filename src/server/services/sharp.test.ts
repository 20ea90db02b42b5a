import { describe, expect, it } from "vitest";
import { loadSharp } from "./sharp";

describe("loadSharp (D163)", () => {
  it("gives one sharp, with libvips' operation cache off", async () => {
    const sharp = await loadSharp();
    expect(await loadSharp()).toBe(sharp);
    const cache = sharp.cache();
    expect(cache.memory.max).toBe(0);
    expect(cache.items.max).toBe(0);
    expect(cache.files.max).toBe(0);
  });
});
