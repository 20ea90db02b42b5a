-- D108 (issue 26, scores need rules): plays.gameplay_started_at, the server's time of a play's first gameplay start
-- (a round is measured from it, not from the play's opening), and held_scores, the moderators' queue of scores far
-- above their game's board, kept off every board until approved.
CREATE TABLE "held_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"play_id" uuid,
	"score" integer NOT NULL,
	"won" boolean,
	"reason" text NOT NULL,
	"board_top" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"score_id" integer,
	CONSTRAINT "held_scores_status" CHECK ("held_scores"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "held_scores_score_range" CHECK ("held_scores"."score" between 0 and 1000000000)
);
--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "gameplay_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "held_scores" ADD CONSTRAINT "held_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_scores" ADD CONSTRAINT "held_scores_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_scores" ADD CONSTRAINT "held_scores_play_id_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."plays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_scores" ADD CONSTRAINT "held_scores_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_scores" ADD CONSTRAINT "held_scores_score_id_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."scores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_scores_play_unique" ON "held_scores" USING btree ("play_id");--> statement-breakpoint
CREATE INDEX "held_scores_pending_idx" ON "held_scores" USING btree ("created_at") WHERE "held_scores"."status" = 'pending';
