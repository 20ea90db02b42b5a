CREATE TABLE "open_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"game_id" integer NOT NULL,
	"home_process" text,
	"visibility" text NOT NULL,
	"joinable" boolean NOT NULL,
	"seats_taken" integer NOT NULL,
	"max_players" integer NOT NULL,
	"turn_based" boolean NOT NULL,
	"player_ids" text[] NOT NULL,
	"metadata" jsonb NOT NULL,
	"snapshot" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "open_rooms_seats_check" CHECK ("open_rooms"."seats_taken" >= 0 and "open_rooms"."seats_taken" <= "open_rooms"."max_players")
);
--> statement-breakpoint
ALTER TABLE "open_rooms" ADD CONSTRAINT "open_rooms_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "open_rooms_code_idx" ON "open_rooms" USING btree ("code");--> statement-breakpoint
CREATE INDEX "open_rooms_game_idx" ON "open_rooms" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE INDEX "open_rooms_home_idx" ON "open_rooms" USING btree ("home_process");--> statement-breakpoint
CREATE INDEX "open_rooms_players_idx" ON "open_rooms" USING gin ("player_ids");