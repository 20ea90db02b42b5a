CREATE TABLE "feed_duplicate_decisions" (
	"item_a" bigint NOT NULL,
	"item_b" bigint NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_duplicate_decisions_item_a_item_b_pk" PRIMARY KEY("item_a","item_b"),
	CONSTRAINT "feed_duplicate_decisions_ordered" CHECK ("feed_duplicate_decisions"."item_a" < "feed_duplicate_decisions"."item_b")
);
--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_hidden_reason_known";--> statement-breakpoint
ALTER TABLE "feed_items" ADD COLUMN "normalized_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_items" ADD COLUMN "cover_hash" text;--> statement-breakpoint
ALTER TABLE "feed_items" ADD COLUMN "duplicate_of" bigint;--> statement-breakpoint
ALTER TABLE "feed_duplicate_decisions" ADD CONSTRAINT "feed_duplicate_decisions_item_a_feed_items_id_fk" FOREIGN KEY ("item_a") REFERENCES "public"."feed_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_duplicate_decisions" ADD CONSTRAINT "feed_duplicate_decisions_item_b_feed_items_id_fk" FOREIGN KEY ("item_b") REFERENCES "public"."feed_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_duplicate_of_feed_items_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."feed_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_items_normalized_title_idx" ON "feed_items" USING btree ("normalized_title");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_hidden_reason_known" CHECK ("games"."hidden_reason" in ('gone', 'unreachable', 'duplicate'));