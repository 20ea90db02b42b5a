import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { BUILD_REVIEW_STATES, CREATOR_APPLICATION_STATUSES } from "../../../contract/studio-constants";
import { usersTable } from "./accounts";
import { gamesTable } from "./catalog";

/** D130: a player's request to become a creator; at most one pending per player, decided by an admin. */
export const creatorApplicationsTable = pgTable(
  "creator_applications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    /** what the player makes, in their words */
    about: text("about").notNull(),
    /** where their work can be seen (http or https) */
    link: text("link").notNull(),
    status: text("status", { enum: CREATOR_APPLICATION_STATUSES }).notNull().default("pending"),
    /** the admin's reason, when declined (shown to the player) */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => usersTable.id, { onDelete: "set null" }),
  },
  (t) => [
    check("creator_applications_status_valid", sql`${t.status} in ('pending', 'approved', 'declined')`),
    // D130: one pending application per player, however many requests arrive at once
    uniqueIndex("creator_applications_one_pending")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("creator_applications_status_idx").on(t.status, t.createdAt),
    index("creator_applications_user_idx").on(t.userId, t.createdAt),
  ],
);

/** D130: who makes a game; a game has any number of creators, a creator any number of games. */
export const gameCreatorsTable = pgTable(
  "game_creators",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] }), index("game_creators_user_idx").on(t.userId)],
);

/**
 * D131: every upload of a game's package, kept whole under `builds/{gameId}/{number}/` in the file store (ADR 031);
 * what was uploaded is never changed, only the build's review (D133). games.live_build says which one players get.
 */
export const gameBuildsTable = pgTable(
  "game_builds",
  {
    id: serial("id").primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    /** 1, 2, … per game */
    number: integer("number").notNull(),
    notes: text("notes").notNull().default(""),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    files: integer("files").notNull(),
    /** who uploaded it (null: the site itself, or a deleted account) */
    uploadedBy: integer("uploaded_by").references(() => usersTable.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** D133: builds stored before review count as live; a creator's upload starts as a draft */
    reviewState: text("review_state", { enum: BUILD_REVIEW_STATES }).notNull().default("live"),
    /** the staff's notes of the last request for changes */
    reviewNotes: text("review_notes"),
    /** when an approved build goes live (the scheduled-publishing job) */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    submittedBy: integer("submitted_by").references(() => usersTable.id, { onDelete: "set null" }),
    /** the last staff step: changes requested or approved */
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: integer("reviewed_by").references(() => usersTable.id, { onDelete: "set null" }),
    /** when it first went live, and the admin who made it so (null: approved earlier and published by the job) */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: integer("published_by").references(() => usersTable.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("game_builds_number_unique").on(t.gameId, t.number),
    check("game_builds_number_positive", sql`${t.number} >= 1`),
    check(
      "game_builds_review_state_valid",
      sql`${t.reviewState} in ('draft', 'submitted', 'changes_requested', 'approved', 'live')`,
    ),
    // D133: the staff queue and the scheduled-publishing job read only the builds waiting
    index("game_builds_review_waiting_idx")
      .on(t.reviewState, t.submittedAt)
      .where(sql`${t.reviewState} in ('submitted', 'approved')`),
  ],
);
