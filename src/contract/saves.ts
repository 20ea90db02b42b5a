import { z } from "zod";
import { errorResponseSchema, isoDateTime } from "./common";
import { CLOUD_SAVE_LIMITS, CLOUD_SAVE_QUOTA_MESSAGE, parseCloudSaveQuotaKib } from "./saves-constants";

export {
  CLOUD_SAVE_LIMITS,
  CLOUD_SAVE_QUOTA_KIB,
  CLOUD_SAVE_QUOTA_MESSAGE,
  CLOUD_SAVE_QUOTA_SETTING,
  parseCloudSaveQuotaKib,
} from "./saves-constants";

/**
 * D76: cloud saves, each signed-in player's key-value store per game.
 *
 * GET  /api/games/{id}/saves → 200 CloudSave
 * POST /api/games/{id}/saves CloudSaveWrite → 200 CloudSave (after the write), 413 CloudSaveQuotaError when the
 *      game's data would outgrow the quota (nothing is written).
 * Both: 401 signed out, 404 for an unknown game or one played from an external URL; Cache-Control: no-store.
 */

/** A lone UTF-16 surrogate cannot be stored as UTF-8 text: it would come back as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const saveKeySchema = z
  .string({ error: "Key must be a string" })
  .min(1, "Key must not be empty")
  // Two UTF-16 units per code point at most: anything longer is too long without counting.
  .refine((k) => k.length <= 2 * CLOUD_SAVE_LIMITS.keyChars && codePointLength(k) <= CLOUD_SAVE_LIMITS.keyChars, {
    message: `Key must be at most ${CLOUD_SAVE_LIMITS.keyChars} characters`,
    abort: true,
  })
  .refine((k) => !LONE_SURROGATE.test(k), "Key must be valid Unicode text");

const saveValueSchema = z
  .string({ error: "Value must be a string" })
  .refine((v) => !LONE_SURROGATE.test(v), "Value must be valid Unicode text");

/** When the game wrote the value: an ISO 8601 date-time with Z or an offset, e.g. 2026-01-31T12:00:00.000Z. */
const writtenAtSchema = z.iso.datetime({
  offset: true,
  error: "updatedAt must be an ISO date-time such as 2026-01-31T12:00:00.000Z",
});

export const cloudSaveEntrySchema = z.object({
  key: z.string(),
  value: z.string(),
  /** when the game wrote the value (ISO 8601) */
  updatedAt: isoDateTime,
});
export type CloudSaveEntry = z.infer<typeof cloudSaveEntrySchema>;

/** A player's store of one game: its entries by key, the bytes they use (UTF-8 of keys and values) and the quota. */
export const cloudSaveSchema = z.object({
  entries: z.array(cloudSaveEntrySchema),
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type CloudSave = z.infer<typeof cloudSaveSchema>;

/**
 * POST /api/games/{id}/saves: at least one of set, remove and clear; at most 1,000 set and remove items.
 * The newer write of a key wins: see services/cloud-saves.ts for the merge.
 */
export const cloudSaveWriteSchema = z
  .object({
    set: z.array(z.object({ key: saveKeySchema, value: saveValueSchema, updatedAt: writtenAtSchema })).optional(),
    remove: z.array(z.object({ key: saveKeySchema, updatedAt: writtenAtSchema })).optional(),
    /** deletes every entry written at or before this time, before the items are applied */
    clear: z.object({ updatedAt: writtenAtSchema }).optional(),
  })
  .refine(
    (b) => b.set !== undefined || b.remove !== undefined || b.clear !== undefined,
    "Nothing to save: send set, remove or clear",
  )
  .refine(
    (b) => (b.set?.length ?? 0) + (b.remove?.length ?? 0) <= CLOUD_SAVE_LIMITS.itemsPerWrite,
    `At most ${CLOUD_SAVE_LIMITS.itemsPerWrite} set and remove items per request`,
  );
export type CloudSaveWrite = z.infer<typeof cloudSaveWriteSchema>;

/** 413 when the write would take the game's data over the quota: `code` "quota" tells it from a body that is too large. */
export const cloudSaveQuotaErrorSchema = errorResponseSchema.extend({ code: z.literal("quota").optional() });
export type CloudSaveQuotaError = z.infer<typeof cloudSaveQuotaErrorSchema>;

/** The CMS field of the quota (site.cloud_save_quota_kib): a whole number of KiB within CLOUD_SAVE_QUOTA_KIB. */
export const cloudSaveQuotaKibSchema = z
  .string()
  .refine((text) => parseCloudSaveQuotaKib(text) !== undefined, CLOUD_SAVE_QUOTA_MESSAGE);
