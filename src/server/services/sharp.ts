import type Sharp from "sharp";

/**
 * D163: sharp (libvips), the image library, for the services that make or check pictures. No HTTP types.
 *
 * Contract:
 * - Loaded on the first picture, not at start: most processes make no picture for a long while, and libvips costs
 *   its native library and threads from the moment it is loaded.
 * - libvips' operation cache is off: every picture here is made once and stored (uploads, link previews, avatars),
 *   so a cached operation is never asked for again, and the cache held up to 50 MB after a few of them.
 * - `onePictureAtATime` runs the link previews' drawing one after another in this process (two cores serve
 *   everything, and four pictures drawn at once took PostgreSQL's process from under 200 MB to 220).
 */
let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

let drawing: Promise<unknown> = Promise.resolve();

/** Runs `draw` once the pictures already being drawn by this process are done. */
export function onePictureAtATime<T>(draw: () => Promise<T>): Promise<T> {
  const run = drawing.then(draw, draw);
  drawing = run.catch(() => undefined);
  return run;
}
