import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { NOTIFICATION_KIND_LIST } from "../../../contract/player-live";
import { usersTable } from "./accounts";
import { gamesTable } from "./catalog";

// Issue 15 (D83–D88, D100): friends, blocks, presence, notifications, favourites, playtime, direct
// messages, email verification and the home page's collections.

/** D84: a friend request waiting for an answer (from → to). A request both ways is a friendship at once. */
export const friendRequestsTable = pgTable(
  "friend_requests",
  {
    fromUserId: integer("from_user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    toUserId: integer("to_user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fromUserId, t.toUserId] }),
    index("friend_requests_to_idx").on(t.toUserId, t.createdAt),
    check("friend_requests_not_self", sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

/** D84: a friendship, stored in both directions (two rows) so that "friends of X" is one index range. */
export const friendshipsTable = pgTable(
  "friendships",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    friendId: integer("friend_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    check("friendships_not_self", sql`${t.userId} <> ${t.friendId}`),
  ],
);

/** D84: a block (blocker → blocked): no requests, messages or presence between them, no trace in the blocker's views. */
export const userBlocksTable = pgTable(
  "user_blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.blockedId),
    check("user_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * D84: presence, for players who turned it on (users.presence_enabled). `last_seen_at` is refreshed while the
 * player has a live connection; "Online" means seen within the presence window; `game_id` is the game of an
 * open play ("Playing {game}") until the play ends or the window passes. Shared by all processes.
 */
export const presenceTable = pgTable("presence", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => usersTable.id, { onDelete: "cascade" }),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  gameId: integer("game_id").references(() => gamesTable.id, { onDelete: "set null" }),
  gameSince: timestamp("game_since", { withTimezone: true }),
  /**
   * D122: the joinable room of the game's own servers the player is in (CrazyGames' updateRoom), for friends' Join;
   * it belongs to `game_id` and goes with it.
   */
  ownRoom: jsonb("own_room").$type<{ id: string; inviteParams: Record<string, string> | null }>(),
});

/** D85: a player's notification; `data` holds what the text needs (who, which game, the score …). Kept 90 days. */
export const notificationsTable = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KIND_LIST }).notNull(),
    data: jsonb("data").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "notifications_kind_valid",
      sql`${t.kind} in ('friend_request', 'friend_accepted', 'score_beaten', 'achievement', 'report_handled', 'announcement', 'room_invite', 'room_turn', 'creator_application', 'build_review', 'score_held')`,
    ),
    index("notifications_user_idx").on(t.userId, t.id.desc()),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index("notifications_created_idx").on(t.createdAt),
  ],
);

/** D86: a favourite game (the heart on cards and game pages). */
export const favoritesTable = pgTable(
  "favorites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index("favorites_user_idx").on(t.userId, t.createdAt.desc())],
);

/** D86: per player and game: when last played, how many plays, and the playtime measured from gameplay start/stop (capped per play). */
export const playerGamesTable = pgTable(
  "player_games",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    lastPlayedAt: timestamp("last_played_at", { withTimezone: true }).notNull().defaultNow(),
    plays: integer("plays").notNull().default(0),
    playtimeMs: bigint("playtime_ms", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index("player_games_recent_idx").on(t.userId, t.lastPlayedAt.desc()),
    index("player_games_game_idx").on(t.gameId),
    check("player_games_playtime_nonnegative", sql`${t.playtimeMs} >= 0`),
  ],
);

/** D88: a direct message between two friends. */
export const directMessagesTable = pgTable(
  "direct_messages",
  {
    id: serial("id").primaryKey(),
    senderId: integer("sender_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    recipientId: integer("recipient_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    check("direct_messages_not_self", sql`${t.senderId} <> ${t.recipientId}`),
    index("direct_messages_recipient_idx").on(t.recipientId, t.senderId, t.id.desc()),
    index("direct_messages_sender_idx").on(t.senderId, t.recipientId, t.id.desc()),
    index("direct_messages_unread_idx")
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** D87: an email verification link; only the SHA-256 of the token is stored; single use, expires. */
export const emailTokensTable = pgTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId, t.createdAt)],
);

/** D83: a collection of games (the home page's "All Your Favorite Gaming Experiences" tiles), tagged in the CMS. */
export const collectionsTable = pgTable(
  "collections",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("collections_slug_unique").on(t.slug)],
);

export const gameCollectionsTable = pgTable(
  "game_collections",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collectionsTable.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.gameId] }), index("game_collections_game_idx").on(t.gameId)],
);
