import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { MAX_SCORE } from "../../../contract/games-constants";
import { usersTable } from "./accounts";
import { gamesTable } from "./catalog";

/** D21: a play session; its id is the opaque playId a score refers to. */
export const playsTable = pgTable(
  "plays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => usersTable.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Issue 14 item 7: milliseconds from the frame's load to the game's first `gameplay.start` in this play */
    firstGameplayMs: integer("first_gameplay_ms"),
    /** D86: while the game reports gameplay: since when (null when stopped) */
    gameplaySince: timestamp("gameplay_since", { withTimezone: true }),
    /** D86: gameplay time counted in this play so far (capped per play) */
    playtimeMs: integer("playtime_ms").notNull().default(0),
    /** D108: the server's time of the play's first gameplay "start" (the SDK's gameplay.start): a round is measured from it */
    gameplayStartedAt: timestamp("gameplay_started_at", { withTimezone: true }),
    /** D153: when this play's page last showed an ad (the first play of a page stands for its session) */
    lastAdAt: timestamp("last_ad_at", { withTimezone: true }),
  },
  (t) => [
    index("plays_game_idx").on(t.gameId, t.createdAt),
    index("plays_user_idx").on(t.userId, t.createdAt),
    // D134: the daily roll-up reads one UTC day of every game's plays as one index range
    index("plays_created_at_idx").on(t.createdAt),
    // issue 17: a game's last timed plays (the admin median, services/play-timing.ts) as one short index range, also
    // for the anonymous plays' purge that keeps them (services/play-retention.ts)
    index("plays_timed_idx")
      .on(t.gameId, t.createdAt)
      .where(sql`${t.firstGameplayMs} is not null`),
    check("plays_first_gameplay_ms_range", sql`${t.firstGameplayMs} between 0 and 3600000`),
  ],
);

/**
 * Issue 17: anonymous plays older than ANONYMOUS_PLAY_RETENTION_DAYS leave `plays` (services/play-retention.ts) and are
 * counted here per game and UTC day instead, in the statement that deletes them. A game's plays on a day are this
 * count plus its `plays` rows of that day; games.plays (the count the site shows) never changes with the purge.
 */
export const playCountsDailyTable = pgTable(
  "play_counts_daily",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    anonymousPlays: integer("anonymous_plays").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.day] }),
    check("play_counts_daily_nonnegative", sql`${t.anonymousPlays} >= 0`),
  ],
);

/**
 * D76: cloud saves, a per-player, per-game key-value store. Keys of 1 to 128 characters, string values; the
 * quota (bytes of keys and values, UTF-8) is a site setting checked by services/cloud-saves.ts.
 * `updated_at` is the time the value was written in the game (the newer value of a key wins a merge).
 */
export const gameSavesTable = pgTable(
  "game_saves",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull(),
    /** UTF-8 bytes of key and value, kept so that a quota check is one sum */
    bytes: integer("bytes").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId, t.key] }),
    check("game_saves_key_length", sql`char_length(${t.key}) between 1 and 128`),
  ],
);

/**
 * Issue 26 (D75, D87): the id a game sees for a player whose profile is not public: random, one per player and game,
 * kept so that it stays the same, and above every account's id (a 32-bit serial) so that it is never one.
 */
export const gamePlayerAliasesTable = pgTable(
  "game_player_aliases",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    alias: bigint("alias", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    uniqueIndex("game_player_aliases_alias_unique").on(t.alias),
    check("game_player_aliases_alias_range", sql`${t.alias} > 2147483647 and ${t.alias} <= 9007199254740991`),
  ],
);

/** D78: a game's own achievements, declared in its game.json or in the CMS. */
export const gameAchievementsTable = pgTable(
  "game_achievements",
  {
    id: serial("id").primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    iconUrl: text("icon_url"),
    hidden: boolean("hidden").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("game_achievements_game_key_unique").on(t.gameId, t.key),
    check("game_achievements_key_length", sql`char_length(${t.key}) between 1 and 64`),
  ],
);

/** D78: who unlocked which game achievement, once per player, during which play. */
export const playerGameAchievementsTable = pgTable(
  "player_game_achievements",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    achievementId: integer("achievement_id")
      .notNull()
      .references(() => gameAchievementsTable.id, { onDelete: "cascade" }),
    playId: uuid("play_id").references(() => playsTable.id, { onDelete: "set null" }),
    unlockedAt: timestamp("unlocked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.achievementId] }),
    index("player_game_achievements_achievement_idx").on(t.achievementId),
    // issue 17: deleting a play (the anonymous plays' purge, a game's deletion) looks up the unlocks that name it
    index("player_game_achievements_play_idx")
      .on(t.playId)
      .where(sql`${t.playId} is not null`),
  ],
);

/** D23: one score per play. */
export const scoresTable = pgTable(
  "scores",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    playId: uuid("play_id").references(() => playsTable.id, { onDelete: "set null" }),
    score: integer("score").notNull(),
    won: boolean("won"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("scores_score_range", sql`${t.score} between 0 and ${sql.raw(String(MAX_SCORE))}`),
    uniqueIndex("scores_play_unique").on(t.playId),
    index("scores_game_score_idx").on(t.gameId, t.score.desc(), t.createdAt),
    index("scores_user_idx").on(t.userId, t.createdAt),
    // issue 16 benchmark: a profile's per-game score counts and last score, an index-only range per player
    index("scores_user_game_idx").on(t.userId, t.gameId, t.createdAt),
    index("scores_created_at_idx").on(t.createdAt),
  ],
);

/**
 * D108: a score far above its game's board (10x the top, or a new top 3 on a board of 20+ players), held for a
 * moderator before it reaches the scores and boards; one per play, like a score. A rejected one stays, so that its play
 * cannot send another.
 */
export const heldScoresTable = pgTable(
  "held_scores",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    playId: uuid("play_id").references(() => playsTable.id, { onDelete: "set null" }),
    score: integer("score").notNull(),
    won: boolean("won"),
    /** why it was held: "ten_times_top" or "top_three" */
    reason: text("reason").notNull(),
    /** the board's top when it was held (null: none) */
    boardTop: integer("board_top"),
    status: text("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => usersTable.id, { onDelete: "set null" }),
    /** the score recorded on approval */
    scoreId: integer("score_id").references(() => scoresTable.id, { onDelete: "set null" }),
  },
  (t) => [
    check("held_scores_status", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("held_scores_score_range", sql`${t.score} between 0 and ${sql.raw(String(MAX_SCORE))}`),
    uniqueIndex("held_scores_play_unique").on(t.playId),
    index("held_scores_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Per-player, per-game best score, kept in the score's transaction (issue 5, leaderboards). */
export const bestScoresTable = pgTable(
  "best_scores",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    scoreId: integer("score_id")
      .notNull()
      .references(() => scoresTable.id, { onDelete: "cascade" }),
    achievedAt: timestamp("achieved_at", { withTimezone: true }).notNull(),
    /** D92/D93: false while the player is banned or hidden from the boards; kept by a trigger on users (migration 0011) */
    listed: boolean("listed").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index("best_scores_game_idx").on(t.gameId, t.score.desc(), t.achievedAt),
    // D92: a board and a rank ("how many listed players are ahead") are index range reads, for both orders (D90)
    index("best_scores_rank_desc_idx")
      .on(t.gameId, t.score.desc(), t.achievedAt, t.userId)
      .where(sql`listed`),
    index("best_scores_rank_asc_idx")
      .on(t.gameId, t.score.asc(), t.achievedAt, t.userId)
      .where(sql`listed`),
  ],
);

/**
 * Per-player totals for the all-time leaderboard (D24), kept in the score's transaction so that the
 * board is one indexed read however many scores there are (issue 5; docs/decisions/004).
 * totalScore = sum of the player's per-game bests; reachedAt = when that total was reached (ties).
 */
export const playerStatsTable = pgTable(
  "player_stats",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    totalScore: bigint("total_score", { mode: "number" }).notNull().default(0),
    gamesPlayed: integer("games_played").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    /** scores that reported `won` at all (the win rate's denominator) */
    reported: integer("reported").notNull().default(0),
    reachedAt: timestamp("reached_at", { withTimezone: true }).notNull().defaultNow(),
    /** D92/D93: false while the player is banned or hidden from the boards; kept by a trigger on users (migration 0011) */
    listed: boolean("listed").notNull().default(true),
  },
  (t) => [
    index("player_stats_rank_idx").on(t.totalScore.desc(), t.reachedAt, t.userId),
    // issue 16 benchmark: the board's whole condition, so that a rank (a count of the rows ahead) is an index-only scan
    index("player_stats_listed_rank_idx")
      .on(t.totalScore.desc(), t.reachedAt, t.userId)
      .where(sql`listed and games_played > 0`),
  ],
);

/**
 * D91: a season of the boards. Seasons follow one another without gaps; the open one has `archivedAt` null and ends
 * at `endsAt` (null: the site's season length is "none", it never ends). A season is archived by the one process that
 * rolls over (services/seasons.ts); its rows below are then final and stay browsable. The season's number is its id.
 */
export const seasonsTable = pgTable(
  "seasons",
  {
    id: serial("id").primaryKey(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("seasons_starts_at_unique").on(t.startsAt)],
);

/** D91/D92: player_stats for one season, kept in the score's transaction like the all-time row. */
export const seasonPlayerStatsTable = pgTable(
  "season_player_stats",
  {
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasonsTable.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    totalScore: bigint("total_score", { mode: "number" }).notNull().default(0),
    gamesPlayed: integer("games_played").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    reported: integer("reported").notNull().default(0),
    reachedAt: timestamp("reached_at", { withTimezone: true }).notNull().defaultNow(),
    listed: boolean("listed").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.userId] }),
    index("season_player_stats_rank_idx")
      .on(t.seasonId, t.totalScore.desc(), t.reachedAt, t.userId)
      .where(sql`listed and games_played > 0`),
    index("season_player_stats_user_idx").on(t.userId),
  ],
);

/** D91/D92: best_scores for one season. */
export const seasonBestScoresTable = pgTable(
  "season_best_scores",
  {
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasonsTable.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    scoreId: integer("score_id")
      .notNull()
      .references(() => scoresTable.id, { onDelete: "cascade" }),
    achievedAt: timestamp("achieved_at", { withTimezone: true }).notNull(),
    listed: boolean("listed").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.userId, t.gameId] }),
    index("season_best_scores_rank_desc_idx")
      .on(t.seasonId, t.gameId, t.score.desc(), t.achievedAt, t.userId)
      .where(sql`listed`),
    index("season_best_scores_rank_asc_idx")
      .on(t.seasonId, t.gameId, t.score.asc(), t.achievedAt, t.userId)
      .where(sql`listed`),
    index("season_best_scores_user_idx").on(t.userId, t.gameId),
  ],
);

/**
 * Issue 16, docs/decisions/015: how many listed rows of each board hold a value in each bucket, kept by statement
 * triggers on the four board tables (migration 0013), so that a rank is the sum of the buckets ahead plus a count
 * inside the player's own bucket. `seasonId` 0: all time; `gameId` 0: the players' board (totals). Buckets are
 * `arcadium_board_bucket(value)`: exact below 64, then 32 per doubling (each about 1.5–3 % wide).
 */
export const boardCountsTable = pgTable(
  "board_counts",
  {
    seasonId: integer("season_id").notNull(),
    gameId: integer("game_id").notNull(),
    bucket: integer("bucket").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.gameId, t.bucket] })],
);

/** D25: achievements unlocked by real events. */
export const achievementsTable = pgTable(
  "user_achievements",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    achievement: text("achievement").notNull(),
    unlockedAt: timestamp("unlocked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievement] })],
);

/** D30: one review per (user, game); rating 1..5. */
export const reviewsTable = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    uniqueIndex("reviews_user_game_unique").on(t.userId, t.gameId),
    index("reviews_game_idx").on(t.gameId, t.createdAt),
  ],
);

export const chatMessagesTable = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** D37/issue 6: admin deletion is a soft delete */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("chat_messages_visible_idx")
      .on(t.id)
      .where(sql`${t.deletedAt} is null`),
    index("chat_messages_user_idx").on(t.userId, t.createdAt),
  ],
);
