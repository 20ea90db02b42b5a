CREATE TABLE "game_counters_daily" (
	"game_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_counters_daily_game_id_day_pk" PRIMARY KEY("game_id","day"),
	CONSTRAINT "game_counters_daily_nonnegative" CHECK ("game_counters_daily"."impressions" >= 0 and "game_counters_daily"."page_views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_errors_daily" (
	"game_id" integer NOT NULL,
	"day" date NOT NULL,
	"message" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_errors_daily_game_id_day_message_pk" PRIMARY KEY("game_id","day","message"),
	CONSTRAINT "game_errors_daily_message_length" CHECK (char_length("game_errors_daily"."message") between 1 and 300)
);
--> statement-breakpoint
CREATE TABLE "game_numbers_daily" (
	"game_id" integer NOT NULL,
	"day" date NOT NULL,
	"build_id" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"play_starts" integer DEFAULT 0 NOT NULL,
	"first_gameplay_p50" real,
	"first_gameplay_p90" real,
	"playtime_ms" bigint DEFAULT 0 NOT NULL,
	"player_sessions" integer DEFAULT 0 NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"new_players" integer DEFAULT 0 NOT NULL,
	"returned_d1" integer,
	"returned_d7" integer,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_numbers_daily_game_id_build_id_day_pk" PRIMARY KEY("game_id","build_id","day")
);
--> statement-breakpoint
CREATE INDEX "game_counters_daily_day_idx" ON "game_counters_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "game_errors_daily_day_idx" ON "game_errors_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "game_numbers_daily_day_idx" ON "game_numbers_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "plays_created_at_idx" ON "plays" USING btree ("created_at");