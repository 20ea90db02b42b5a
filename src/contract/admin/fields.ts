import { z } from "zod";

/**
 * The field rules the admin area's payloads share. Each section of the
 * admin API has its own module beside this one, imported by the server routes under /api/admin and by the /cms screens.
 *
 * Validation messages are the spec's texts (§5) where the spec has one; the server answers
 * 400 `{message, errors}` with `message` = the first failing rule's text.
 */

/** Spec §5: 'Please enter a valid email address'. Trimmed and lower-cased. */
export const adminEmailSchema = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address"));

/** Spec §5: exactly 6 digits, trimmed ('OTP must be 6 digits'). For the /cms form. */
export const otpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "OTP must be 6 digits");

/** An http(s) URL (never javascript:, data: …). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A path of a file served from DATA_DIR/uploads (D45), e.g. /uploads/images/ab12.webp. */
export function isUploadsPath(value: string): boolean {
  return /^\/uploads\/[A-Za-z0-9._\-/]+$/.test(value) && !value.split("/").includes("..") && !value.includes("//");
}

/** A same-site path such as /games or /category/action?x=1 (not //host, not /\host). */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value) && value.length <= 2000;
}

/** An image is an uploaded file (/uploads/…) or an http(s) URL (D45). */
export function isImageUrl(value: string): boolean {
  return isUploadsPath(value) || isHttpUrl(value);
}

export const IMAGE_URL_MESSAGE = "Image URL must be an /uploads/ path or an http(s) URL";
export const SLUG_MESSAGE = "Slug may contain only lowercase letters, digits and single hyphens (e.g. board-games)";

/** A value that may be blank (meaning "keep" / "default") or null: normalised to undefined. */
export function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  return value;
}

/** A positive integer sent as a number or a numeric string ("3"); blank means not given. */
export const intLike = (message: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      if (typeof b === "string" && /^\s*\d+\s*$/.test(b)) return Number(b);
      return b;
    },
    z.number({ error: message }).int(message).positive(message).max(2147483647, message).optional(),
  );

/** A boolean sent as JSON true/false or as the multipart strings 'true'/'false' (spec §7). */
export const boolLike = (message: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      if (b === "true") return true;
      if (b === "false") return false;
      return b;
    },
    z.boolean({ error: message }).optional(),
  );

export const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

export const optionalText = (max: number, tooLong: string) =>
  z.preprocess(blankToUndefined, z.string({ error: tooLong }).trim().max(max, tooLong).optional());

/** A content item's section or key, and a site setting's key: letters, digits, '_' and '-'. */
export const contentNamePattern = /^[A-Za-z0-9_-]+$/;
