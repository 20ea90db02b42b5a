import { SEASON_LENGTH_SETTING } from "../../contract/leaderboard-constants";
import type { Db } from "../db/client";
import { invalidateCommunitySettings } from "./community-settings";
import { rescheduleOpenSeason } from "./seasons";

/**
 * What a change of `site.*` settings sets in motion, wherever the change was made: CMS Settings, or the same items
 * edited, created or deleted in Website Content (two editors of one store). `keys` are the changed keys.
 * - The word lists and community switches are cached per process: dropped here (the other processes hear the
 *   cached-reads NOTIFY).
 * - A new season length takes effect now: the open season ends at the next boundary of the new length, and the
 *   cached boards (which name the season) are dropped.
 */
export async function applySiteSettingEffects(
  db: Db,
  boardCache: { clear(): void },
  keys: readonly string[],
): Promise<void> {
  invalidateCommunitySettings(db);
  if (keys.includes(SEASON_LENGTH_SETTING)) {
    await rescheduleOpenSeason(db);
    boardCache.clear();
  }
}
