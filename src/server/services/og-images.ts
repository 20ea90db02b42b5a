import crypto from "node:crypto";
import type { Sharp } from "sharp";
import type { Db } from "../db/client";
import { StorageUnavailableError, assertKey, readAll, type FileStore } from "./file-store";
import { enqueueJob } from "./job-queue";
import { loadSharp, onePictureAtATime } from "./sharp";

/**
 * D71: the picture a link preview shows for a game, 1200×630, made from its cover. No HTTP types.
 *
 * Contract:
 * - Only covers stored on this server (`/uploads/…`, the store's uploads/ area) are read: a cover on another
 *   site is never fetched (no request to an address an administrator typed, no waiting on the network).
 *   Such a game's preview uses the cover's own address.
 * - The file is named after the cover's bytes (uploads/og/{hash}.jpg in the store, served at /uploads/og/), so a
 *   new cover gives a new address, an unchanged one the same file, and the file can be cached for a year.
 * - Made once: `ensureOgImage` returns the existing file when there is one; concurrent calls for the same
 *   cover share one resize; the file appears whole (FileStore.put).
 * - A cover that cannot be read or decoded gives undefined (the caller falls back to the cover's URL).
 */

export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
const MAX_INPUT_PIXELS = 40_000_000;

/** Where the preview pictures live in the store (served at /uploads/og/). */
const OG_PREFIX = "uploads/og/";

/** The store's key of a cover stored here, or undefined for any other address (or one that leaves uploads/). */
export function localCoverKey(imageUrl: string): string | undefined {
  if (!imageUrl.startsWith("/uploads/")) return undefined;
  let key: string;
  try {
    key = `uploads/${decodeURIComponent(imageUrl.slice("/uploads/".length).split(/[?#]/)[0])}`;
    assertKey(key);
  } catch {
    return undefined;
  }
  return key;
}

/** A small stored picture's bytes (a cover, an avatar), or undefined when missing, larger than `maxBytes` or unreadable. */
export async function readStoredPicture(
  files: FileStore,
  key: string,
  maxBytes = Infinity,
): Promise<Buffer | undefined> {
  try {
    const found = await files.get(key);
    if (!found) return undefined;
    if (found.size > maxBytes) {
      found.body.destroy();
      return undefined;
    }
    return await readAll(found);
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw err;
    return undefined;
  }
}

/**
 * A stored picture (a cover, an avatar) opened for resizing to `size`: a drawing (SVG) is rendered large enough
 * for it instead of being enlarged afterwards; only its first frame; at most MAX_INPUT_PIXELS.
 */
export async function openPicture(data: Buffer, size: { width: number; height: number }): Promise<Sharp> {
  const sharp = await loadSharp();
  const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const scale =
    meta.format === "svg" && meta.width && meta.height
      ? Math.max(size.width / meta.width, size.height / meta.height)
      : 1;
  const density = scale > 1 ? Math.min(Math.ceil(72 * scale), 72 * 8) : undefined;
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false, density });
}

const making = new Map<string, Promise<boolean>>();

/**
 * Stores `key` with the bytes `make` gives unless it is there already (true when it was made now). Concurrent calls
 * of this process for one key share one `make`; the object appears whole (FileStore.put).
 */
export async function putOnce(
  files: FileStore,
  key: string,
  make: () => Promise<Buffer>,
  contentType?: string,
): Promise<boolean> {
  const running = making.get(key);
  if (running) return running;
  const job = (async () => {
    if (await files.head(key)) return false;
    await files.put(key, await make(), { contentType });
    return true;
  })();
  making.set(key, job);
  try {
    return await job;
  } finally {
    making.delete(key);
  }
}

/** The public URL of the game's 1200×630 preview picture, made now if it does not exist yet. */
export async function ensureOgImage(files: FileStore, imageUrl: string): Promise<string | undefined> {
  const key = localCoverKey(imageUrl);
  if (!key) return undefined;
  const cover = await readStoredPicture(files, key);
  if (!cover) return undefined;
  const hash = crypto.createHash("sha256").update(cover).digest("base64url").slice(0, 22);
  const name = `${hash}.jpg`;
  try {
    await putOnce(
      files,
      `${OG_PREFIX}${name}`,
      () =>
        onePictureAtATime(async () =>
          (await openPicture(cover, OG_IMAGE_SIZE))
            .resize({ ...OG_IMAGE_SIZE, fit: "cover", position: "attention" })
            .flatten({ background: "#1e1b4b" })
            .jpeg({ quality: 82, mozjpeg: true })
            .toBuffer(),
        ),
      "image/jpeg",
    );
    return `/uploads/og/${name}`;
  } catch {
    return undefined;
  }
}

/** The queue's job that makes a game's picture after an administrator added the game or changed its cover (D116). */
export const OG_IMAGE_JOB = "og-image.make";

/** A cover that cannot be read is not going to become readable: one retry covers a store that was away. */
const OG_IMAGE_ATTEMPTS = 2;

/** Queues the picture for a cover stored on this site; a cover elsewhere has none (the page links the cover itself). */
export async function enqueueOgImage(db: Db, imageUrl: string | null | undefined): Promise<void> {
  if (!imageUrl || !localCoverKey(imageUrl)) return;
  await enqueueJob(db, { name: OG_IMAGE_JOB, payload: { imageUrl }, maxAttempts: OG_IMAGE_ATTEMPTS });
}
