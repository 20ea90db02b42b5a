ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "review_state" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "review_notes" text;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "submitted_by" integer;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "game_builds" ADD CONSTRAINT "game_builds_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_builds" ADD CONSTRAINT "game_builds_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_builds" ADD CONSTRAINT "game_builds_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_builds_review_waiting_idx" ON "game_builds" USING btree ("review_state","submitted_at") WHERE "game_builds"."review_state" in ('submitted', 'approved');--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_valid" CHECK ("notifications"."kind" in ('friend_request', 'friend_accepted', 'score_beaten', 'achievement', 'report_handled', 'announcement', 'room_invite', 'room_turn', 'creator_application', 'build_review', 'score_held'));--> statement-breakpoint
ALTER TABLE "game_builds" ADD CONSTRAINT "game_builds_review_state_valid" CHECK ("game_builds"."review_state" in ('draft', 'submitted', 'changes_requested', 'approved', 'live'));