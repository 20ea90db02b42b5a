import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
  },
  (t) => [
    check("games_rating_range", sql`${t.rating} between 0 and 50`),
    check("games_plays_nonnegative", sql`${t.plays} >= 0`),
    uniqueIndex("games_builtin_slug_unique").on(t.builtinSlug),
    index("games_category_idx").on(t.categoryId, t.createdAt),
    index("games_created_at_idx").on(t.createdAt),
    index("games_plays_idx").on(t.plays),
    index("games_rating_idx").on(t.rating),
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
