import type { FileStore } from "./file-store";

/**
 * `npm run storage:copy` (D162): copies every stored file from one FileStore to another, e.g. DATA_DIR to the bucket
 * before STORAGE_URL is set, or back. No HTTP types.
 *
 * Contract:
 * - Every object `from.list("")` yields is put under the same key in `to`, streamed (packages may be large).
 * - An object `to` already holds with the same size is skipped, so that a second run copies nothing and an
 *   interrupted run picks up where it stopped. Nothing is removed from either side.
 * - `onProgress` hears of each object copied or skipped (for the script's output).
 */
export type CopyCounts = { copied: number; skipped: number; bytes: number };

export async function copyStore(
  from: FileStore,
  to: FileStore,
  onProgress?: (key: string, copied: boolean) => void,
): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, bytes: 0 };
  for await (const object of from.list("")) {
    const there = await to.head(object.key);
    if (there && there.size === object.size) {
      counts.skipped++;
      onProgress?.(object.key, false);
      continue;
    }
    const stored = await from.get(object.key);
    if (!stored) continue;
    await to.put(object.key, stored.body);
    counts.copied++;
    counts.bytes += stored.size;
    onProgress?.(object.key, true);
  }
  return counts;
}
