ALTER TABLE "ad_settings" ADD COLUMN "google_client_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_settings" ADD COLUMN "google_frequency_hint_seconds" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_settings" ADD COLUMN "google_test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_settings" ADD COLUMN "vast_tag_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_settings" ADD COLUMN "display_slots" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_settings" ADD COLUMN "google_slot_beside" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_settings" ADD COLUMN "google_slot_below" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_settings" ADD COLUMN "google_slot_grid" text DEFAULT '' NOT NULL;