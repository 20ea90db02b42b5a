CREATE TABLE "season_best_scores" (
	"season_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"score" integer NOT NULL,
	"score_id" integer NOT NULL,
	"achieved_at" timestamp with time zone NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "season_best_scores_season_id_user_id_game_id_pk" PRIMARY KEY("season_id","user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "season_player_stats" (
	"season_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"total_score" bigint DEFAULT 0 NOT NULL,
	"games_played" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"reported" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "season_player_stats_season_id_user_id_pk" PRIMARY KEY("season_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "best_scores" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "player_stats" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "season_best_scores" ADD CONSTRAINT "season_best_scores_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_best_scores" ADD CONSTRAINT "season_best_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_best_scores" ADD CONSTRAINT "season_best_scores_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_best_scores" ADD CONSTRAINT "season_best_scores_score_id_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_player_stats" ADD CONSTRAINT "season_player_stats_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_player_stats" ADD CONSTRAINT "season_player_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "season_best_scores_rank_desc_idx" ON "season_best_scores" USING btree ("season_id","game_id","score" DESC NULLS LAST,"achieved_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "season_best_scores_rank_asc_idx" ON "season_best_scores" USING btree ("season_id","game_id","score","achieved_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "season_best_scores_user_idx" ON "season_best_scores" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE INDEX "season_player_stats_rank_idx" ON "season_player_stats" USING btree ("season_id","total_score" DESC NULLS LAST,"reached_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "season_player_stats_user_idx" ON "season_player_stats" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_starts_at_unique" ON "seasons" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "best_scores_rank_desc_idx" ON "best_scores" USING btree ("game_id","score" DESC NULLS LAST,"achieved_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "best_scores_rank_asc_idx" ON "best_scores" USING btree ("game_id","score","achieved_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "player_stats_listed_rank_idx" ON "player_stats" USING btree ("total_score" DESC NULLS LAST,"reached_at","user_id") WHERE listed;--> statement-breakpoint
-- Issue 16 (D92/D93): a board's rows carry "listed" (false while the player is banned or hidden from the boards) so
-- that a rank is a count over one partial index, without joining users. The database keeps it true to users,
-- whoever changes them: a new row takes the player's standing, a change of standing updates the player's rows.
CREATE OR REPLACE FUNCTION arcadium_board_row_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.disabled_at IS NULL AND u.boards_hidden_at IS NULL INTO NEW.listed FROM users u WHERE u.id = NEW.user_id;
  NEW.listed := coalesce(NEW.listed, true);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "best_scores_listed" BEFORE INSERT ON "best_scores" FOR EACH ROW EXECUTE FUNCTION arcadium_board_row_listed();--> statement-breakpoint
CREATE TRIGGER "player_stats_listed" BEFORE INSERT ON "player_stats" FOR EACH ROW EXECUTE FUNCTION arcadium_board_row_listed();--> statement-breakpoint
CREATE TRIGGER "season_best_scores_listed" BEFORE INSERT ON "season_best_scores" FOR EACH ROW EXECUTE FUNCTION arcadium_board_row_listed();--> statement-breakpoint
CREATE TRIGGER "season_player_stats_listed" BEFORE INSERT ON "season_player_stats" FOR EACH ROW EXECUTE FUNCTION arcadium_board_row_listed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadium_user_board_standing() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_listed boolean := NEW.disabled_at IS NULL AND NEW.boards_hidden_at IS NULL;
BEGIN
  IF now_listed IS DISTINCT FROM (OLD.disabled_at IS NULL AND OLD.boards_hidden_at IS NULL) THEN
    UPDATE best_scores SET listed = now_listed WHERE user_id = NEW.id;
    UPDATE player_stats SET listed = now_listed WHERE user_id = NEW.id;
    UPDATE season_best_scores SET listed = now_listed WHERE user_id = NEW.id;
    UPDATE season_player_stats SET listed = now_listed WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_board_standing" AFTER UPDATE OF "disabled_at", "boards_hidden_at" ON "users" FOR EACH ROW EXECUTE FUNCTION arcadium_user_board_standing();--> statement-breakpoint
UPDATE best_scores b SET listed = false FROM users u WHERE u.id = b.user_id AND (u.disabled_at IS NOT NULL OR u.boards_hidden_at IS NOT NULL);--> statement-breakpoint
UPDATE player_stats p SET listed = false FROM users u WHERE u.id = p.user_id AND (u.disabled_at IS NOT NULL OR u.boards_hidden_at IS NOT NULL);
