import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
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
import {
  FEED_ITEM_STATUSES,
  FEED_KINDS,
  FEED_RUN_STATES,
  FEED_SCHEDULES,
  GAME_HIDDEN_REASONS,
} from "../../../contract/feeds-constants";

export const categoriesTable = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("categories_slug_unique").on(t.slug)],
);

export const gamesTable = pgTable(
  "games",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url").notNull().default(""),
    // D46: a category with games cannot be deleted, so RESTRICT.
    categoryId: integer("category_id")
      .notNull()
      .references(() => categoriesTable.id, { onDelete: "restrict" }),
    externalUrl: text("external_url"),
    /** true when the game is served from DATA_DIR/games/{id} on the games origin (D2) */
    hasPackage: boolean("has_package").notNull().default(false),
    /** slug of a built-in game from games/<slug>, so the seed is idempotent */
    builtinSlug: text("builtin_slug"),
    developer: text("developer").notNull().default("Unknown"),
    instructions: text("instructions").notNull().default("Use your mouse or touchscreen to play."),
    isFeatured: boolean("is_featured").notNull().default(false),
    isNew: boolean("is_new").notNull().default(false),
    isHot: boolean("is_hot").notNull().default(false),
    plays: integer("plays").notNull().default(0),
    /** tenths of a star, 0..50 (spec §3) */
    rating: integer("rating").notNull().default(0),
    releaseDate: date("release_date", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** D72: when an administrator last changed the game (the sitemap's lastmod); plays and ratings do not count. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** D77: the other portal's SDK an installed package loads, pointed at our adapter (`poki`, `crazygames`, `gamedistribution`) */
    sdkAdapter: text("sdk_adapter"),
    /** Issue 14 item 7: the installed package's size in bytes and number of files (null without a package) */
    packageBytes: bigint("package_bytes", { mode: "number" }),
    packageFiles: integer("package_files"),
    /** D131: the number of the build players get (game_builds.number); null for a game without builds (feeds, embeds) */
    liveBuild: integer("live_build"),
    /** D83: how hard the game is (game.json or the CMS); null: not said */
    difficulty: text("difficulty", { enum: ["easy", "medium", "hard"] }),
    /** D90: "desc" more is better, "asc" less is better (a time) */
    scoreOrder: text("score_order", { enum: ["desc", "asc"] })
      .notNull()
      .default("desc"),
    /** D90: "points", or "time_ms" shown as 1:02.345 */
    scoreFormat: text("score_format", { enum: ["points", "time_ms"] })
      .notNull()
      .default("points"),
    /** D90: a score above this is refused (null: no limit) */
    maxScore: bigint("max_score", { mode: "number" }),
    /** D90: a score sent sooner than this after its play started is refused (null: no limit) */
    minRoundMs: integer("min_round_ms"),
    /** D111: the feed a published feed item came from (null: added by hand or built in) */
    sourceFeedId: integer("source_feed_id").references((): AnyPgColumn => feedsTable.id, { onDelete: "set null" }),
    sourceExternalId: text("source_external_id"),
    /** D111: the distributor's tags ("Kids Friendly", "No Blood"), as the feed gave them */
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** D111: whether the game plays on a phone (null: not said) */
    mobile: boolean("mobile"),
    /** D111: the frame's size the game asks for, in pixels (null: not said) */
    frameWidth: integer("frame_width"),
    frameHeight: integer("frame_height"),
    /** D113, D114: why the game is hidden from players ("gone" from its feed, "unreachable"); null: shown */
    hiddenReason: text("hidden_reason", { enum: GAME_HIDDEN_REASONS }),
    /** D113: the fields an admin changed on a feed game, which later syncs leave alone */
    editedFields: text("edited_fields")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** D114: failed embed checks in a row, and when the embed was last checked */
    embedFailures: integer("embed_failures").notNull().default(0),
    embedCheckedAt: timestamp("embed_checked_at", { withTimezone: true }),
    /** D114: why the last embed check failed, as an admin reads it (null after a success) */
    embedError: text("embed_error"),
  },
  (t) => [
    check("games_rating_range", sql`${t.rating} between 0 and 50`),
    check("games_plays_nonnegative", sql`${t.plays} >= 0`),
    check("games_difficulty_valid", sql`${t.difficulty} in ('easy', 'medium', 'hard')`),
    check("games_score_order_valid", sql`${t.scoreOrder} in ('desc', 'asc')`),
    check("games_score_format_valid", sql`${t.scoreFormat} in ('points', 'time_ms')`),
    check("games_sdk_adapter_known", sql`${t.sdkAdapter} in ('poki', 'crazygames', 'gamedistribution')`),
    uniqueIndex("games_builtin_slug_unique").on(t.builtinSlug),
    check("games_hidden_reason_known", sql`${t.hiddenReason} in ('gone', 'unreachable', 'duplicate', 'draft')`),
    // D111: a feed item publishes as one game, however many processes publish at once
    uniqueIndex("games_source_unique").on(t.sourceFeedId, t.sourceExternalId),
    // Issue 12 item 3: one B-tree per sort of the games list (services/game-catalogue.ts orderFor), each whole,
    // tie-breakers included, so that a page is read in index order and stops at its LIMIT; and the
    // same led by category_id for a category's list (it also serves the foreign key's lookups).
    // NULLS FIRST is what `order by x desc` means (drizzle-kit writes NULLS LAST unless told).
    index("games_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("games_popular_idx").on(t.plays.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("games_top_rated_idx").on(
      t.rating.desc().nullsFirst(),
      t.plays.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("games_category_newest_idx").on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("games_category_popular_idx").on(t.categoryId, t.plays.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("games_category_top_rated_idx").on(
      t.categoryId,
      t.rating.desc().nullsFirst(),
      t.plays.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Issue 12 item 3: trigram indexes (pg_trgm, created by migration 0002) for the search: ILIKE
    // '%term%' on either column, and the typo-forgiving `title %>> term` (strict word similarity).
    // Issue 29 item 6 (ADR 025): without GIN's pending list (fastupdate off), a game is in the index itself as
    // soon as it is written, so a search right after a bulk import does not read thousands of pending entries;
    // migration 0027 also keeps the planner from pricing these columns' matches from statistics.
    index("games_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("games_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("games_featured_idx")
      .on(t.createdAt)
      .where(sql`${t.isFeatured}`),
    index("games_new_idx")
      .on(t.createdAt)
      .where(sql`${t.isNew}`),
    index("games_hot_idx")
      .on(t.createdAt)
      .where(sql`${t.isHot}`),
  ],
);

/**
 * ADR 028: every word of the shown games' titles (runs of letters and digits with a letter, lower-cased:
 * arcadium_title_words) and how many shown games' titles have it, kept by triggers on `games` (migration 0032) for
 * every writer. A typo is looked up here among a few thousand words, not among every title.
 */
export const titleWordsTable = pgTable(
  "title_words",
  {
    word: text("word").primaryKey(),
    games: integer("games").notNull(),
  },
  (t) => [index("title_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops"))],
);

/**
 * D110: the distributors' feeds an admin added. `url` null: the distributor's public address (services/feed-formats.ts
 * feedUrl). Written by services/feeds.ts.
 */
export const feedsTable = pgTable(
  "feeds",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: FEED_KINDS }).notNull(),
    name: text("name").notNull(),
    url: text("url"),
    publisherId: text("publisher_id"),
    /** a `json` feed's paths (contract jsonFeedMappingSchema) */
    mapping: jsonb("mapping"),
    /** the distributor's category names → our category ids */
    categoryMap: jsonb("category_map").notNull().default({}),
    schedule: text("schedule", { enum: FEED_SCHEDULES }).notNull().default("off"),
    /** D111: what is approved without a person, and how many approved items publish a day */
    rules: jsonb("rules").notNull().default({}),
    /** D115: the source's games show their own ads (school mode can hide them) */
    carriesAds: boolean("carries_ads").notNull().default(true),
    paused: boolean("paused").notNull().default(false),
    /** D113: set when a sync stopped because the source parsed to nothing valid; cleared by the next good sync */
    formatChangedAt: timestamp("format_changed_at", { withTimezone: true }),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("feeds_kind_known", sql`${t.kind} in ('gamedistribution', 'gamepix', 'gamemonetize', 'json')`),
    check("feeds_schedule_known", sql`${t.schedule} in ('off', 'hourly', 'daily')`),
  ],
);

/** D113: one sync of a feed: when, how it ended and its counts. */
export const feedRunsTable = pgTable(
  "feed_runs",
  {
    id: serial("id").primaryKey(),
    feedId: integer("feed_id")
      .notNull()
      .references(() => feedsTable.id, { onDelete: "cascade" }),
    state: text("state", { enum: FEED_RUN_STATES }).notNull().default("running"),
    pages: integer("pages").notNull().default(0),
    newItems: integer("new_items").notNull().default(0),
    updatedItems: integer("updated_items").notNull().default(0),
    goneItems: integer("gone_items").notNull().default(0),
    invalidItems: integer("invalid_items").notNull().default(0),
    /** the valid items the source listed in this run */
    seenItems: integer("seen_items").notNull().default(0),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("feed_runs_feed_idx").on(t.feedId, t.startedAt.desc()),
    check("feed_runs_state_known", sql`${t.state} in ('running', 'succeeded', 'failed', 'format_changed')`),
  ],
);

/**
 * D110, D111: every item a feed listed, raw and normalised, keyed by (feed, external id); the inbox reads it. Its
 * searchable fields are columns so that the inbox filters by index.
 */
export const feedItemsTable = pgTable(
  "feed_items",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    feedId: integer("feed_id")
      .notNull()
      .references(() => feedsTable.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    status: text("status", { enum: FEED_ITEM_STATUSES }).notNull().default("new"),
    /** the status before the source dropped it, restored when it comes back */
    statusBeforeGone: text("status_before_gone", { enum: FEED_ITEM_STATUSES }),
    /** the normalised item (contract feedItemSchema) and the entry it was read from */
    item: jsonb("item").notNull(),
    raw: jsonb("raw").notNull(),
    title: text("title").notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mobile: boolean("mobile"),
    /** D112: our copy of the cover, once fetched (null: the category's placeholder) */
    coverUrl: text("cover_url"),
    coverError: text("cover_error"),
    /** D113: the title as duplicates are compared (services/feed-duplicates.ts normalizeTitle) */
    normalizedTitle: text("normalized_title").notNull().default(""),
    /** D113: the cover's difference hash (64 bits as 16 hex digits), once fetched */
    coverHash: text("cover_hash"),
    /** D113: the item of another feed this one was merged into */
    duplicateOf: bigint("duplicate_of", { mode: "number" }).references((): AnyPgColumn => feedItemsTable.id, {
      onDelete: "set null",
    }),
    gameId: integer("game_id").references(() => gamesTable.id, { onDelete: "set null" }),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** when it was approved: publishing takes approved items oldest first */
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("feed_items_feed_external_unique").on(t.feedId, t.externalId),
    index("feed_items_status_idx").on(t.status, t.id),
    index("feed_items_feed_status_idx").on(t.feedId, t.status, t.id),
    index("feed_items_approved_idx")
      .on(t.approvedAt, t.id)
      .where(sql`${t.status} = 'approved'`),
    index("feed_items_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("feed_items_tags_idx").using("gin", t.tags),
    index("feed_items_normalized_title_idx").on(t.normalizedTitle),
    check("feed_items_status_known", sql`${t.status} in ('new', 'approved', 'published', 'rejected', 'gone')`),
  ],
);

/** D113: two items of different feeds an admin decided are different games (`itemA` < `itemB`): not suggested again. */
export const feedDuplicateDecisionsTable = pgTable(
  "feed_duplicate_decisions",
  {
    itemA: bigint("item_a", { mode: "number" })
      .notNull()
      .references(() => feedItemsTable.id, { onDelete: "cascade" }),
    itemB: bigint("item_b", { mode: "number" })
      .notNull()
      .references(() => feedItemsTable.id, { onDelete: "cascade" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemA, t.itemB] }),
    check("feed_duplicate_decisions_ordered", sql`${t.itemA} < ${t.itemB}`),
  ],
);

/**
 * D132: the check report of one uploaded package, keyed by its game and the SHA-256 of the package as uploaded, so
 * that a versioned build, which records the same hash, finds its report by (game_id, package_hash). `report` is the
 * static checks (build-checks.ts); `boot` the latest boot test run in a browser, null until one runs.
 */
export const packageChecksTable = pgTable(
  "package_checks",
  {
    id: serial("id").primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    packageHash: text("package_hash").notNull(),
    status: text("status", { enum: ["pass", "warning", "fail"] }).notNull(),
    report: jsonb("report").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
    boot: jsonb("boot"),
    bootAt: timestamp("boot_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("package_checks_game_hash_idx").on(t.gameId, t.packageHash),
    index("package_checks_game_idx").on(t.gameId, t.checkedAt.desc()),
    check("package_checks_status_known", sql`${t.status} in ('pass', 'warning', 'fail')`),
  ],
);
