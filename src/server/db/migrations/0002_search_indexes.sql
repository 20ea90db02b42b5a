-- Issue 12 item 3: indexes for every sort and filter of the games list, and a search that scales.
-- pg_trgm is part of PostgreSQL's standard contrib package and a trusted extension (PostgreSQL 13+): a
-- user allowed to create objects in the database may create it; otherwise an operator creates it once.
-- PGlite loads it in createDb (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "games_category_idx";--> statement-breakpoint
DROP INDEX "games_created_at_idx";--> statement-breakpoint
DROP INDEX "games_plays_idx";--> statement-breakpoint
DROP INDEX "games_rating_idx";--> statement-breakpoint
CREATE INDEX "games_newest_idx" ON "games" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "games_popular_idx" ON "games" USING btree ("plays" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "games_top_rated_idx" ON "games" USING btree ("rating" DESC NULLS FIRST,"plays" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "games_category_newest_idx" ON "games" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "games_category_popular_idx" ON "games" USING btree ("category_id","plays" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "games_category_top_rated_idx" ON "games" USING btree ("category_id","rating" DESC NULLS FIRST,"plays" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "games_title_trgm_idx" ON "games" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "games_description_trgm_idx" ON "games" USING gin ("description" gin_trgm_ops);