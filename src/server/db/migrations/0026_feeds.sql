CREATE TABLE "feed_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"status_before_gone" text,
	"item" jsonb NOT NULL,
	"raw" jsonb NOT NULL,
	"title" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"mobile" boolean,
	"cover_url" text,
	"cover_error" text,
	"game_id" integer,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	CONSTRAINT "feed_items_status_known" CHECK ("feed_items"."status" in ('new', 'approved', 'published', 'rejected', 'gone'))
);
--> statement-breakpoint
CREATE TABLE "feed_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"new_items" integer DEFAULT 0 NOT NULL,
	"updated_items" integer DEFAULT 0 NOT NULL,
	"gone_items" integer DEFAULT 0 NOT NULL,
	"invalid_items" integer DEFAULT 0 NOT NULL,
	"seen_items" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "feed_runs_state_known" CHECK ("feed_runs"."state" in ('running', 'succeeded', 'failed', 'format_changed'))
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"publisher_id" text,
	"mapping" jsonb,
	"category_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"schedule" text DEFAULT 'off' NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"carries_ads" boolean DEFAULT true NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"format_changed_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feeds_kind_known" CHECK ("feeds"."kind" in ('gamedistribution', 'gamepix', 'gamemonetize', 'json')),
	CONSTRAINT "feeds_schedule_known" CHECK ("feeds"."schedule" in ('off', 'hourly', 'daily'))
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "source_feed_id" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "source_external_id" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "mobile" boolean;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "frame_width" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "frame_height" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "edited_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "embed_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "embed_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD CONSTRAINT "feed_runs_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_items_feed_external_unique" ON "feed_items" USING btree ("feed_id","external_id");--> statement-breakpoint
CREATE INDEX "feed_items_status_idx" ON "feed_items" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "feed_items_feed_status_idx" ON "feed_items" USING btree ("feed_id","status","id");--> statement-breakpoint
CREATE INDEX "feed_items_approved_idx" ON "feed_items" USING btree ("approved_at","id") WHERE "feed_items"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "feed_items_title_trgm_idx" ON "feed_items" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "feed_items_tags_idx" ON "feed_items" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "feed_runs_feed_idx" ON "feed_runs" USING btree ("feed_id","started_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_source_feed_id_feeds_id_fk" FOREIGN KEY ("source_feed_id") REFERENCES "public"."feeds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_source_unique" ON "games" USING btree ("source_feed_id","source_external_id");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_hidden_reason_known" CHECK ("games"."hidden_reason" in ('gone', 'unreachable'));