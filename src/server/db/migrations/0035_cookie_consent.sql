ALTER TABLE "users" ADD COLUMN "cookie_consent" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cookie_consent_at" timestamp with time zone;