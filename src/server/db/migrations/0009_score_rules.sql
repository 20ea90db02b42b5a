-- Issue 16 (D90, D93): score rules per game; players hidden from the boards.
ALTER TABLE "games" ADD COLUMN "score_order" text DEFAULT 'desc' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "score_format" text DEFAULT 'points' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "max_score" bigint;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "min_round_ms" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "boards_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_score_order_valid" CHECK ("games"."score_order" in ('desc', 'asc'));--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_score_format_valid" CHECK ("games"."score_format" in ('points', 'time_ms'));