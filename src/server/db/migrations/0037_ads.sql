CREATE TABLE "ad_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"provider" text DEFAULT 'none' NOT NULL,
	"first_ad_after_seconds" integer DEFAULT 60 NOT NULL,
	"min_seconds_between_ads" integer DEFAULT 120 NOT NULL,
	"reward_when_off" text DEFAULT 'grant' NOT NULL,
	"games_off" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_settings_one_row" CHECK ("ad_settings"."id" = 1),
	CONSTRAINT "ad_settings_seconds" CHECK ("ad_settings"."first_ad_after_seconds" between 0 and 3600 and "ad_settings"."min_seconds_between_ads" between 0 and 3600)
);
--> statement-breakpoint
CREATE TABLE "ad_stats_daily" (
	"day" date NOT NULL,
	"placement" text NOT NULL,
	"game_id" integer NOT NULL,
	"event" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_stats_daily_day_placement_game_id_event_pk" PRIMARY KEY("day","placement","game_id","event"),
	CONSTRAINT "ad_stats_daily_count" CHECK ("ad_stats_daily"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "house_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"media_url" text NOT NULL,
	"link" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "house_ads_kind" CHECK ("house_ads"."kind" in ('image', 'video')),
	CONSTRAINT "house_ads_weight" CHECK ("house_ads"."weight" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "last_ad_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_stats_daily" ADD CONSTRAINT "ad_stats_daily_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;