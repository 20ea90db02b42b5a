-- Issue 29 item 6 (ADR 025): a search that reads its trigram indexes whatever the term, right after a bulk write too.
-- Written by hand: drizzle-kit would drop and rebuild both indexes to change a storage parameter, which on a large
-- catalogue takes a while; ALTER INDEX changes it in place.
--
-- Without the pending list (fastupdate off) a new game goes into the index itself as it is written: an import of
-- 10,000 games left ~10,000 pending entries that every search then read one by one until VACUUM merged them.
-- gin_clean_pending_list merges those already there.
ALTER INDEX "games_title_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "games_description_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('games_title_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('games_description_trgm_idx'::regclass);--> statement-breakpoint
-- With statistics, the planner prices '%word%' on a description from a sample and, for any ordinary word (a few per
-- cent of the rows), reads the whole table: it takes ILIKE on 300 characters to cost what comparing two integers
-- does, about 1/100 of its real cost. Without them it judges a pattern by its length and takes the index for any
-- term of three letters or more (shorter terms have no trigram to look up). Nothing else filters or sorts on these
-- two columns. SET STATISTICS 0 stops ANALYZE from collecting them; the no-op type change drops those collected
-- already (no table rewrite, no index rebuild).
ALTER TABLE "games" ALTER COLUMN "title" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "description" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "title" TYPE text;--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "description" TYPE text;
