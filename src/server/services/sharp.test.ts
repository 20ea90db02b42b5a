import { describe, expect, it } from "vitest";
import { loadSharp, onePictureAtATime } from "./sharp";

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

describe("onePictureAtATime (D163)", () => {
  it("starts a drawing only once the one before has ended, failed or not", async () => {
    const events: string[] = [];
    const draw =
      (name: string, fail = false) =>
      async () => {
        events.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      onePictureAtATime(draw("a", true)),
      onePictureAtATime(draw("b")),
      onePictureAtATime(draw("c")),
    ]);
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
  });
});
