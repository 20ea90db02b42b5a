import type Sharp from "sharp";

/**
 * D163: sharp (libvips), the image library, for the services that make or check pictures. No HTTP types.
 *
 * Contract:
 * - Loaded on the first picture, not at start: most processes make no picture for a long while, and libvips costs
 *   its native library and threads from the moment it is loaded.
 * - libvips' operation cache is off: every picture here is made once and stored (uploads, link previews, avatars),
 *   so a cached operation is never asked for again, and the cache held up to 50 MB after a few of them.
 */
let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
