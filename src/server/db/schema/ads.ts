import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { gamesTable } from "./catalog";

/** D152/D153: Settings → Ads, one row (id 1); no row means the defaults (no provider). */
export const adSettingsTable = pgTable(
  "ad_settings",
  {
    id: smallint("id").primaryKey().default(1),
    provider: text("provider", { enum: ["none", "house", "google", "vast"] })
      .notNull()
      .default("none"),
    firstAdAfterSeconds: integer("first_ad_after_seconds").notNull().default(60),
    minSecondsBetweenAds: integer("min_seconds_between_ads").notNull().default(120),
    rewardWhenOff: text("reward_when_off", { enum: ["grant", "refuse"] })
      .notNull()
      .default("grant"),
    /** games that never show ads */
    gamesOff: integer("games_off")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** D152: Google H5 Games Ads: the publisher id (ca-pub-…), the tag's frequency hint, test ads only */
    googleClientId: text("google_client_id").notNull().default(""),
    googleFrequencyHintSeconds: integer("google_frequency_hint_seconds").notNull().default(30),
    googleTestMode: boolean("google_test_mode").notNull().default(false),
    /** D152: the VAST tag the player's browser asks for a video ad */
    vastTagUrl: text("vast_tag_url").notNull().default(""),
    /** D152: the display slots shown (beside, below, grid) and Google's ad unit (slot id) for each */
    displaySlots: text("display_slots")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    googleSlotBeside: text("google_slot_beside").notNull().default(""),
    googleSlotBelow: text("google_slot_below").notNull().default(""),
    googleSlotGrid: text("google_slot_grid").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ad_settings_one_row", sql`${t.id} = 1`),
    check(
      "ad_settings_seconds",
      sql`${t.firstAdAfterSeconds} between 0 and 3600 and ${t.minSecondsBetweenAds} between 0 and 3600`,
    ),
  ],
);

/** D152: an ad an admin uploaded (an image or a video in the file store), shown by weight between its dates. */
export const houseAdsTable = pgTable(
  "house_ads",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    kind: text("kind", { enum: ["image", "video"] }).notNull(),
    /** the stored file's public address (/uploads/ads/…) */
    mediaUrl: text("media_url").notNull(),
    link: text("link").notNull(),
    weight: integer("weight").notNull().default(1),
    startsOn: date("starts_on", { mode: "string" }),
    endsOn: date("ends_on", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("house_ads_kind", sql`${t.kind} in ('image', 'video')`),
    check("house_ads_weight", sql`${t.weight} between 1 and 100`),
  ],
);

/** D153: ad events per UTC day, placement and game. */
export const adStatsDailyTable = pgTable(
  "ad_stats_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    placement: text("placement").notNull(),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    event: text("event", { enum: ["impression", "no_fill", "dismissal", "reward", "click"] }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.placement, t.gameId, t.event] }),
    check("ad_stats_daily_count", sql`${t.count} >= 0`),
  ],
);

/** D154: the site's ads.txt, one row (id 1), served on both origins; no row or an empty body means none (404). */
export const adsTxtTable = pgTable(
  "ads_txt",
  {
    id: smallint("id").primaryKey().default(1),
    body: text("body").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("ads_txt_one_row", sql`${t.id} = 1`), check("ads_txt_size", sql`length(${t.body}) <= 65536`)],
);
