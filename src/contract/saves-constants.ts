/** The values of ./saves.ts without zod, for pages that must not load it (README.md). */

/**
 * D76: the site setting (website content `site.cloud_save_quota_kib`) that sets how many KiB of keys and
 * values (UTF-8) each player may keep per game. Missing or unreadable: the default.
 */
export const CLOUD_SAVE_QUOTA_SETTING = "cloud_save_quota_kib";

/** D76: the quota in KiB: 1 MiB by default, from 16 KiB to 10 MiB. */
export const CLOUD_SAVE_QUOTA_KIB = { default: 1024, min: 16, max: 10240 } as const;

/** D76: the default quota in bytes (a guest's browser store keeps to it too). */
export const DEFAULT_CLOUD_SAVE_QUOTA_BYTES = CLOUD_SAVE_QUOTA_KIB.default * 1024;

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

// Shared by the server (services/cloud-saves.ts) and the game page (features/games/game-saves.ts), so that both
// count and word a size the same way.

const utf8 = new TextEncoder();

const KIB = 1024;
const MIB = 1024 * 1024;

/**
 * A size as people read it: "512 bytes", "1.5 KiB", "1 MiB", "1.2 MiB" (binary units, at most `decimals`
 * digits after the point, trailing zeros dropped).
 */
export function formatBytes(bytes: number, decimals = 1): string {
  if (bytes < KIB) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  const round = (n: number) => Number(n.toFixed(decimals));
  const kib = round(bytes / KIB);
  // 1,048,575 bytes is 1024.0 KiB at one decimal: written as 1 MiB.
  if (bytes < MIB && kib < 1024) return `${kib} KiB`;
  return `${round(bytes / MIB)} MiB`;
}

/**
 * The 413's message. The used size is shown with as many decimals as it takes (up to 3) to differ from the
 * quota, then in bytes: "1 MiB of the 1 MiB allowed" would not say what is wrong.
 */
export function quotaMessage(usedBytes: number, quotaBytes: number): string {
  let used = formatBytes(usedBytes);
  let quota = formatBytes(quotaBytes);
  for (let decimals = 2; used === quota && decimals <= 3; decimals++) {
    used = formatBytes(usedBytes, decimals);
    quota = formatBytes(quotaBytes, decimals);
  }
  if (used === quota) {
    used = `${usedBytes.toLocaleString("en-US")} bytes`;
    quota = `${quotaBytes.toLocaleString("en-US")} bytes`;
  }
  return `Cloud save full: this game's data would use ${used} of the ${quota} allowed`;
}

/** The bytes an entry uses: its key and value in UTF-8. */
export function entryBytes(key: string, value: string): number {
  return utf8.encode(key).length + utf8.encode(value).length;
}
