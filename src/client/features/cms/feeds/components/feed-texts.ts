import type { FeedKind, FeedRunView } from "@contract/admin/feeds";
import type { FeedItemStatus, FeedRunState, FeedSchedule } from "@contract/feeds-constants";

/** D110: the kinds of feed as the CMS names them. */
export const KIND_LABELS: Record<FeedKind, string> = {
  gamedistribution: "GameDistribution",
  gamepix: "GamePix",
  gamemonetize: "GameMonetize",
  json: "JSON feed",
};

/**
 * The public address a distributor's feed is read from when the admin gives none (services/feed-formats.ts builds
 * it with the paging added): shown as the address field's hint.
 */
export const DEFAULT_ADDRESSES: Record<Exclude<FeedKind, "json">, string> = {
  gamedistribution: "https://catalog.api.gamedistribution.com/api/v2.0/rss/All/",
  gamepix: "https://feeds.gamepix.com/v2/json?sid=<publisher id>",
  gamemonetize: "https://gamemonetize.com/feed.php",
};

export const SCHEDULE_LABELS: Record<FeedSchedule, string> = {
  off: "Off (sync by hand)",
  hourly: "Every hour",
  daily: "Every day",
};

export const STATUS_LABELS: Record<FeedItemStatus, string> = {
  new: "New",
  approved: "Approved",
  published: "Published",
  rejected: "Rejected",
  gone: "Gone",
};

export const RUN_STATE_LABELS: Record<FeedRunState, string> = {
  running: "Running",
  succeeded: "Done",
  failed: "Failed",
  format_changed: "Format changed",
};

/** D113: shown while a feed's `formatChangedAt` is set. */
export const FORMAT_CHANGED = "This feed's format changed";

/** "12 new, 3 updated, 0 gone, 1 invalid" for a run. */
export function runCounts(run: Pick<FeedRunView, "newItems" | "updatedItems" | "goneItems" | "invalidItems">): string {
  return `${run.newItems} new, ${run.updatedItems} updated, ${run.goneItems} gone, ${run.invalidItems} invalid`;
}

/** Tags or categories typed as a comma-separated list: trimmed, empty ones and repeats (any case) left out. */
export function parseList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(",")) {
    const value = part.trim();
    if (value && !seen.has(value.toLowerCase())) {
      seen.add(value.toLowerCase());
      out.push(value);
    }
  }
  return out;
}
