import crypto from "node:crypto";
import { IMAGE_LIMITS } from "../../contract/admin/games";
import { TooLarge, UnsupportedType, DomainError } from "../errors";
import type { FileStore } from "./file-store";
import { loadSharp } from "./sharp";

/** D45 limits of an uploaded image (tests lower them through buildApp's settings, context.ts). */
export type ImageLimits = {
  maxUploadBytes: number;
  maxDimension: number;
  /** decompression-bomb guard: at most 40 megapixels (e.g. 8000×5000) */
  maxInputPixels: number;
};

export const DEFAULT_IMAGE_LIMITS: Readonly<ImageLimits> = Object.freeze({
  maxUploadBytes: IMAGE_LIMITS.maxUploadBytes,
  maxDimension: IMAGE_LIMITS.maxDimension,
  maxInputPixels: 40_000_000,
});

const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp", "gif"]);
const NOT_AN_IMAGE = "This file is not a PNG, JPEG, WebP or GIF image";

/** Where uploaded images live in the store: uploads/images/, served at /uploads/images/ (D3, D45). */
const IMAGES_PREFIX = "uploads/images/";

function decodeError(err: unknown, imageLimits: ImageLimits): DomainError {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message))
    return new TooLarge(`The image is too large (at most ${imageLimits.maxInputPixels / 1_000_000} megapixels)`);
  return new UnsupportedType(NOT_AN_IMAGE);
}

/**
 * D45: checks an upload by decoding it with sharp (the name and the declared type are not
 * trusted), re-encodes it as WebP of at most 600×600 without metadata, and stores it under a
 * name derived from its content. Returns the public URL.
 */
export async function storeUploadedImage(
  files: FileStore,
  input: Buffer | string,
  imageLimits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<{ imageUrl: string; width: number; height: number }> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: imageLimits.maxInputPixels, failOn: "error" as const };
  let format: string | undefined;
  try {
    format = (await sharp(input, options).metadata()).format;
  } catch (err) {
    throw decodeError(err, imageLimits);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnsupportedType(NOT_AN_IMAGE);

  let output: { data: Buffer; info: { width: number; height: number } };
  try {
    output = await sharp(input, { ...options, animated: false })
      .rotate()
      .resize({
        width: imageLimits.maxDimension,
        height: imageLimits.maxDimension,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw decodeError(err, imageLimits);
  }

  const name = `${crypto.createHash("sha256").update(output.data).digest("hex").slice(0, 32)}.webp`;
  await files.put(`${IMAGES_PREFIX}${name}`, output.data, { contentType: "image/webp" });
  return { imageUrl: `/uploads/images/${name}`, width: output.info.width, height: output.info.height };
}
