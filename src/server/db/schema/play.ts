import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
  },
  (t) => [index("plays_game_idx").on(t.gameId, t.createdAt), index("plays_user_idx").on(t.userId, t.createdAt)],
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
    check("scores_score_range", sql`${t.score} between 0 and 1000000000`),
    uniqueIndex("scores_play_unique").on(t.playId),
    index("scores_game_score_idx").on(t.gameId, t.score.desc(), t.createdAt),
    index("scores_user_idx").on(t.userId, t.createdAt),
    index("scores_created_at_idx").on(t.createdAt),
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
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index("best_scores_game_idx").on(t.gameId, t.score.desc(), t.achievedAt)],
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
  },
  (t) => [index("player_stats_rank_idx").on(t.totalScore.desc(), t.reachedAt, t.userId)],
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
