import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, real, text } from "drizzle-orm/pg-core";

/**
 * D134: what the site counts beyond its plays, per game and UTC day, as upserted counters: card impressions (game
 * cards seen in a grid) and game page views, from the pages' beacon. No visitor identity is stored. Kept 90 days.
 * No foreign key: a counter is written on every page, and a deleted game's rows leave with the 90-day purge.
 */
export const gameCountersDailyTable = pgTable(
  "game_counters_daily",
  {
    gameId: integer("game_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    impressions: integer("impressions").notNull().default(0),
    pageViews: integer("page_views").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.day] }),
    index("game_counters_daily_day_idx").on(t.day),
    check("game_counters_daily_nonnegative", sql`${t.impressions} >= 0 and ${t.pageViews} >= 0`),
  ],
);

/**
 * D134: uncaught errors of a game's frame, per game, UTC day and message (trimmed), as upserted counters. A game
 * keeps at most GAME_ERROR_MESSAGES_PER_DAY distinct messages a day (services/game-numbers.ts); later new ones count
 * under a shared "(other messages)" row, so the table stays bounded. Kept 90 days.
 */
export const gameErrorsDailyTable = pgTable(
  "game_errors_daily",
  {
    gameId: integer("game_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    message: text("message").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.day, t.message] }),
    index("game_errors_daily_day_idx").on(t.day),
    check("game_errors_daily_message_length", sql`char_length(${t.message}) between 1 and 300`),
  ],
);

/**
 * D134: one finished UTC day of a game (game_id > 0) or of the whole site (game_id 0), rolled up by the
 * `numbers.rollup` job from plays and the counters above; `build_id` 0 is every build together (a row per build
 * comes with builds). Rates are kept as their numerator and denominator so that days add up. Kept 90 days.
 */
export const gameNumbersDailyTable = pgTable(
  "game_numbers_daily",
  {
    gameId: integer("game_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    buildId: integer("build_id").notNull().default(0),
    impressions: integer("impressions").notNull().default(0),
    pageViews: integer("page_views").notNull().default(0),
    playStarts: integer("play_starts").notNull().default(0),
    /** time to first gameplay over the day's timed plays, ms (null: none timed) */
    firstGameplayP50: real("first_gameplay_p50"),
    firstGameplayP90: real("first_gameplay_p90"),
    /** gameplay time of the day's plays (ms; only signed-in plays report it, D86) */
    playtimeMs: bigint("playtime_ms", { mode: "number" }).notNull().default(0),
    /** signed-in plays and the distinct signed-in players who made them */
    playerSessions: integer("player_sessions").notNull().default(0),
    players: integer("players").notNull().default(0),
    /** signed-in players whose first play (of the game; of the site for row 0) was this day */
    newPlayers: integer("new_players").notNull().default(0),
    /** of those, who played again on the next UTC day / the seventh (null until that day has finished) */
    returnedD1: integer("returned_d1"),
    returnedD7: integer("returned_d7"),
    errors: integer("errors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.buildId, t.day] }), index("game_numbers_daily_day_idx").on(t.day)],
);
