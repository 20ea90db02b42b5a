-- Issue 26 (D75, D87): the per-game pseudonymous id games see for players whose profile is not public.
CREATE TABLE "game_player_aliases" (
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"alias" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_player_aliases_user_id_game_id_pk" PRIMARY KEY("user_id","game_id"),
	CONSTRAINT "game_player_aliases_alias_range" CHECK ("game_player_aliases"."alias" > 2147483647 and "game_player_aliases"."alias" <= 9007199254740991)
);
--> statement-breakpoint
ALTER TABLE "game_player_aliases" ADD CONSTRAINT "game_player_aliases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_player_aliases" ADD CONSTRAINT "game_player_aliases_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_player_aliases_alias_unique" ON "game_player_aliases" USING btree ("alias");
