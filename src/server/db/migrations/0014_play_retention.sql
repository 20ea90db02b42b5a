-- Issue 17: anonymous plays older than 30 days are counted here per game and UTC day, then deleted
-- (services/play-retention.ts); plays_timed_idx finds a game's last timed plays (the admin median, which the purge keeps);
-- player_game_achievements_play_idx makes the foreign key's check of each deleted play an index lookup.
CREATE TABLE "play_counts_daily" (
	"game_id" integer NOT NULL,
	"day" date NOT NULL,
	"anonymous_plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "play_counts_daily_game_id_day_pk" PRIMARY KEY("game_id","day"),
	CONSTRAINT "play_counts_daily_nonnegative" CHECK ("play_counts_daily"."anonymous_plays" >= 0)
);
--> statement-breakpoint
ALTER TABLE "play_counts_daily" ADD CONSTRAINT "play_counts_daily_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_game_achievements_play_idx" ON "player_game_achievements" USING btree ("play_id") WHERE "player_game_achievements"."play_id" is not null;--> statement-breakpoint
CREATE INDEX "plays_timed_idx" ON "plays" USING btree ("game_id","created_at") WHERE "plays"."first_gameplay_ms" is not null;