-- Issue 13 item 4 (D72): the sitemap's lastmod of a game is when an administrator last changed it.
ALTER TABLE "games" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "games" SET "updated_at" = "created_at";
