import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Sharp } from "sharp";
import { loadSharp, onePictureAtATime } from "./sharp";

/**
 * D71: the picture a link preview shows for a game, 1200×630, made from its cover. No HTTP types.
 *
 * Contract:
 * - Only covers stored on this server (`/uploads/…`, inside DATA_DIR/uploads) are read: a cover on another
 *   site is never fetched (no request to an address an administrator typed, no waiting on the network).
 *   Such a game's preview uses the cover's own address.
 * - The file is named after the cover's bytes (DATA_DIR/uploads/og/{hash}.jpg, served at /uploads/og/), so a
 *   new cover gives a new address, an unchanged one the same file, and the file can be cached for a year.
 * - Made once: `ensureOgImage` returns the existing file when there is one; concurrent calls for the same
 *   cover share one resize; the file appears whole (written aside, then renamed).
 * - A cover that cannot be read or decoded gives undefined (the caller falls back to the cover's URL).
 */

export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
const MAX_INPUT_PIXELS = 40_000_000;

export function ogImagesDir(dataDir: string): string {
  return path.join(dataDir, "uploads", "og");
}

/** The file of a cover stored here, or undefined for any other address (or one that leaves the uploads folder). */
export function localCoverFile(dataDir: string, imageUrl: string): string | undefined {
  if (!imageUrl.startsWith("/uploads/")) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(imageUrl.slice("/uploads/".length).split(/[?#]/)[0]);
  } catch {
    return undefined;
  }
  const root = path.join(dataDir, "uploads");
  const file = path.resolve(root, relative);
  return file.startsWith(`${root}${path.sep}`) ? file : undefined;
}

/**
 * A stored picture (a cover, an avatar) opened for resizing to `size`: a drawing (SVG) is rendered large enough
 * for it instead of being enlarged afterwards; only its first frame; at most MAX_INPUT_PIXELS.
 */
export async function openPicture(data: Buffer, size: { width: number; height: number }): Promise<Sharp> {
  const sharp = await loadSharp();
  const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const scale = meta.format === "svg" && meta.width && meta.height ? Math.max(size.width / meta.width, size.height / meta.height) : 1;
  const density = scale > 1 ? Math.min(Math.ceil(72 * scale), 72 * 8) : undefined;
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false, density });
}

const making = new Map<string, Promise<boolean>>();

/**
 * Writes `target` with the bytes `make` gives unless the file is there already (true when it was made now).
 * Concurrent calls for one file share one `make`; the file appears whole (written aside, then renamed).
 */
export async function writeFileOnce(target: string, make: () => Promise<Buffer>): Promise<boolean> {
  const running = making.get(target);
  if (running) return running;
  const job = (async () => {
    try {
      await fsp.access(target);
      return false;
    } catch {
      // not made yet
    }
    const data = await make();
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const aside = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`);
    await fsp.writeFile(aside, data);
    await fsp.rename(aside, target);
    return true;
  })();
  making.set(target, job);
  try {
    return await job;
  } finally {
    making.delete(target);
  }
}

/** The public URL of the game's 1200×630 preview picture, made now if it does not exist yet. */
export async function ensureOgImage(dataDir: string, imageUrl: string): Promise<string | undefined> {
  const file = localCoverFile(dataDir, imageUrl);
  if (!file) return undefined;
  let cover: Buffer;
  try {
    cover = await fsp.readFile(file);
  } catch {
    return undefined;
  }
  const hash = crypto.createHash("sha256").update(cover).digest("base64url").slice(0, 22);
  const name = `${hash}.jpg`;
  try {
    await writeFileOnce(path.join(ogImagesDir(dataDir), name), () =>
      onePictureAtATime(async () =>
        (await openPicture(cover, OG_IMAGE_SIZE))
          .resize({ ...OG_IMAGE_SIZE, fit: "cover", position: "attention" })
          .flatten({ background: "#1e1b4b" })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer(),
      ),
    );
    return `/uploads/og/${name}`;
  } catch {
    return undefined;
  }
}

/** Makes the picture in the background after an administrator added or edited a game (D71: at install or edit time). */
export function makeOgImageSoon(dataDir: string, imageUrl: string | undefined, log: { warn(obj: object, msg: string): void }): void {
  if (!imageUrl || !localCoverFile(dataDir, imageUrl)) return;
  ensureOgImage(dataDir, imageUrl).then(
    (url) => {
      if (!url) log.warn({ imageUrl }, "could not make the link preview picture from this cover");
    },
    (err: unknown) => log.warn({ err, imageUrl }, "could not make the link preview picture from this cover"),
  );
}
