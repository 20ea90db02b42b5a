ALTER TABLE "reports" DROP CONSTRAINT "reports_kind_valid";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "target_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "embed_error" text;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_author_known" CHECK (("reports"."target_user_id" is null) = ("reports"."kind" = 'game'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_kind_valid" CHECK ("reports"."kind" in ('chat', 'review', 'profile', 'message', 'game'));