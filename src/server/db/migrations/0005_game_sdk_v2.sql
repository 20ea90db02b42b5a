-- Issue 14 (D75–D79): cloud saves, per-game achievements and who unlocked them, the portal SDK adapter a package uses,
-- the package's size and file count, and each play's time from frame load to first gameplay.
CREATE TABLE "game_achievements" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon_url" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_achievements_key_length" CHECK (char_length("game_achievements"."key") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "game_saves" (
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"bytes" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_saves_user_id_game_id_key_pk" PRIMARY KEY("user_id","game_id","key"),
	CONSTRAINT "game_saves_key_length" CHECK (char_length("game_saves"."key") between 1 and 128)
);
--> statement-breakpoint
CREATE TABLE "player_game_achievements" (
	"user_id" integer NOT NULL,
	"achievement_id" integer NOT NULL,
	"play_id" uuid,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_game_achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "sdk_adapter" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "package_bytes" bigint;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "package_files" integer;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "first_gameplay_ms" integer;--> statement-breakpoint
ALTER TABLE "game_achievements" ADD CONSTRAINT "game_achievements_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_saves" ADD CONSTRAINT "game_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_saves" ADD CONSTRAINT "game_saves_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_game_achievements" ADD CONSTRAINT "player_game_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_game_achievements" ADD CONSTRAINT "player_game_achievements_achievement_id_game_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."game_achievements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_game_achievements" ADD CONSTRAINT "player_game_achievements_play_id_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."plays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_achievements_game_key_unique" ON "game_achievements" USING btree ("game_id","key");--> statement-breakpoint
CREATE INDEX "player_game_achievements_achievement_idx" ON "player_game_achievements" USING btree ("achievement_id");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_sdk_adapter_known" CHECK ("games"."sdk_adapter" in ('poki', 'crazygames', 'gamedistribution'));--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_first_gameplay_ms_range" CHECK ("plays"."first_gameplay_ms" between 0 and 3600000);