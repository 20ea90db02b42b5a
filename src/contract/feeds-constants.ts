/** D110–D114: the states and kinds the feeds' tables and payloads share (server schema and contract). */
export const FEED_KINDS = ["gamedistribution", "gamepix", "gamemonetize", "json"] as const;
export const FEED_SCHEDULES = ["off", "hourly", "daily"] as const;
export const FEED_ITEM_STATUSES = ["new", "approved", "published", "rejected", "gone"] as const;
export const FEED_RUN_STATES = ["running", "succeeded", "failed", "format_changed"] as const;
/**
 * Why a game is hidden from players: gone from its feed or merged into the same game from another feed (D113), or its
 * embed failed three checks (D114), or a creator made it in /studio and staff have not shown it yet (D130).
 */
export const GAME_HIDDEN_REASONS = ["gone", "unreachable", "duplicate", "draft"] as const;

export type FeedSchedule = (typeof FEED_SCHEDULES)[number];
export type FeedItemStatus = (typeof FEED_ITEM_STATUSES)[number];
export type FeedRunState = (typeof FEED_RUN_STATES)[number];
export type GameHiddenReason = (typeof GAME_HIDDEN_REASONS)[number];
