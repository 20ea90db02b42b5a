/**
 * The zod-free values of ./saves.ts, re-exported there: the client imports them from here so that a public
 * page does not load zod for a constant (issue 13 item 6, D73).
 */

/**
 * D76: the site setting (website content `site.cloud_save_quota_kib`) that sets how many KiB of keys and
 * values (UTF-8) each player may keep per game. Missing or unreadable: the default.
 */
export const CLOUD_SAVE_QUOTA_SETTING = "cloud_save_quota_kib";

/** D76: the quota in KiB: 1 MiB by default, from 16 KiB to 10 MiB. */
export const CLOUD_SAVE_QUOTA_KIB = { default: 1024, min: 16, max: 10240 } as const;

/** D76: the limits of one write (POST /api/games/{id}/saves). */
export const CLOUD_SAVE_LIMITS = {
  /** a key is 1 to 128 characters (Unicode code points, as the database's char_length counts them) */
  keyChars: 128,
  /** set and remove items together */
  itemsPerWrite: 1000,
  /** an updatedAt further ahead of the server's clock than this is taken as the server's now */
  futureToleranceMs: 5 * 60 * 1000,
} as const;

export const CLOUD_SAVE_QUOTA_MESSAGE = `Cloud save quota must be a whole number of KiB from ${CLOUD_SAVE_QUOTA_KIB.min} to ${CLOUD_SAVE_QUOTA_KIB.max}`;

/** The quota as stored ("2048"), or undefined when the text is not a whole number within the allowed range. */
export function parseCloudSaveQuotaKib(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return undefined;
  const kib = Number(trimmed);
  return kib >= CLOUD_SAVE_QUOTA_KIB.min && kib <= CLOUD_SAVE_QUOTA_KIB.max ? kib : undefined;
}
