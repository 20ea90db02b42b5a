-- Issue 16 benchmark (bench/RESULTS.md): the players' boards are read with "listed and games_played > 0"; with that whole
-- condition as the partial indexes' predicate, a rank (the count of the rows ahead) is an index-only scan instead of a
-- heap read of every row ahead (about 50,000 for a player in the middle of 100,000).
DROP INDEX "player_stats_listed_rank_idx";--> statement-breakpoint
DROP INDEX "season_player_stats_rank_idx";--> statement-breakpoint
CREATE INDEX "player_stats_listed_rank_idx" ON "player_stats" USING btree ("total_score" DESC NULLS LAST,"reached_at","user_id") WHERE listed and games_played > 0;--> statement-breakpoint
CREATE INDEX "season_player_stats_rank_idx" ON "season_player_stats" USING btree ("season_id","total_score" DESC NULLS LAST,"reached_at","user_id") WHERE listed and games_played > 0;