import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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
  },
  (t) => [
    check("games_rating_range", sql`${t.rating} between 0 and 50`),
    check("games_plays_nonnegative", sql`${t.plays} >= 0`),
    check("games_difficulty_valid", sql`${t.difficulty} in ('easy', 'medium', 'hard')`),
    check("games_score_order_valid", sql`${t.scoreOrder} in ('desc', 'asc')`),
    check("games_score_format_valid", sql`${t.scoreFormat} in ('points', 'time_ms')`),
    check("games_sdk_adapter_known", sql`${t.sdkAdapter} in ('poki', 'crazygames', 'gamedistribution')`),
    uniqueIndex("games_builtin_slug_unique").on(t.builtinSlug),
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
    // migration 0026 also keeps the planner from pricing these columns' matches from statistics.
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
