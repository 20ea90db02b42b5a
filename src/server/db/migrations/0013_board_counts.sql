CREATE TABLE "board_counts" (
	"season_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "board_counts_season_id_game_id_bucket_pk" PRIMARY KEY("season_id","game_id","bucket")
);--> statement-breakpoint
-- Issue 16 / docs/decisions/015: a histogram of every board, so that a rank is a sum over at most ~1,000 bucket rows
-- plus a count inside one bucket (about 1.5-3 % of the value range) instead of a count of every row ahead.
-- Buckets: a value below 64 is its own bucket; above, the bucket keeps the value's top 6 bits (32 buckets per doubling).
-- Both functions are exact integer arithmetic and monotonic: a larger value never has a smaller bucket.
CREATE OR REPLACE FUNCTION arcadium_board_bucket(v bigint) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN v < 64 THEN v::integer ELSE ((e - 5) * 32 + (v >> (e - 5)))::integer END
  FROM (SELECT 64 - position('1' in v::bit(64)::text) AS e) AS top_bit
$$;--> statement-breakpoint
-- the smallest value of bucket b (the bucket's values are [floor(b), floor(b + 1)))
CREATE OR REPLACE FUNCTION arcadium_board_bucket_floor(b integer) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN b < 64 THEN b::bigint ELSE ((b % 32) + 32)::bigint << (b / 32 - 1) END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadium_player_stats_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT 0 AS season_id, 0 AS game_id, arcadium_board_bucket(total_score) AS bucket, 1 AS d FROM new_rows WHERE listed AND games_played > 0) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT 0 AS season_id, 0 AS game_id, arcadium_board_bucket(total_score) AS bucket, -1 AS d FROM old_rows WHERE listed AND games_played > 0) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT 0 AS season_id, 0 AS game_id, arcadium_board_bucket(total_score) AS bucket, -1 AS d FROM old_rows WHERE listed AND games_played > 0 UNION ALL SELECT 0 AS season_id, 0 AS game_id, arcadium_board_bucket(total_score) AS bucket, 1 AS d FROM new_rows WHERE listed AND games_played > 0) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSE
    DELETE FROM board_counts WHERE season_id = 0 AND game_id = 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "player_stats_counts_insert" AFTER INSERT ON "player_stats" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_player_stats_counts();--> statement-breakpoint
CREATE TRIGGER "player_stats_counts_update" AFTER UPDATE ON "player_stats" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_player_stats_counts();--> statement-breakpoint
CREATE TRIGGER "player_stats_counts_delete" AFTER DELETE ON "player_stats" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_player_stats_counts();--> statement-breakpoint
CREATE TRIGGER "player_stats_counts_truncate" AFTER TRUNCATE ON "player_stats" FOR EACH STATEMENT EXECUTE FUNCTION arcadium_player_stats_counts();--> statement-breakpoint
INSERT INTO board_counts (season_id, game_id, bucket, n)
  SELECT season_id, game_id, bucket, count(*) FROM (SELECT 0 AS season_id, 0 AS game_id, arcadium_board_bucket(total_score) AS bucket, 1 AS d FROM player_stats WHERE listed AND games_played > 0) AS existing GROUP BY season_id, game_id, bucket;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadium_season_player_stats_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT season_id AS season_id, 0 AS game_id, arcadium_board_bucket(total_score) AS bucket, 1 AS d FROM new_rows WHERE listed AND games_played > 0) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT season_id AS season_id, 0 AS game_id, arcadium_board_bucket(total_score) AS bucket, -1 AS d FROM old_rows WHERE listed AND games_played > 0) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT season_id AS season_id, 0 AS game_id, arcadium_board_bucket(total_score) AS bucket, -1 AS d FROM old_rows WHERE listed AND games_played > 0 UNION ALL SELECT season_id AS season_id, 0 AS game_id, arcadium_board_bucket(total_score) AS bucket, 1 AS d FROM new_rows WHERE listed AND games_played > 0) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSE
    DELETE FROM board_counts WHERE season_id <> 0 AND game_id = 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "season_player_stats_counts_insert" AFTER INSERT ON "season_player_stats" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_season_player_stats_counts();--> statement-breakpoint
CREATE TRIGGER "season_player_stats_counts_update" AFTER UPDATE ON "season_player_stats" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_season_player_stats_counts();--> statement-breakpoint
CREATE TRIGGER "season_player_stats_counts_delete" AFTER DELETE ON "season_player_stats" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_season_player_stats_counts();--> statement-breakpoint
CREATE TRIGGER "season_player_stats_counts_truncate" AFTER TRUNCATE ON "season_player_stats" FOR EACH STATEMENT EXECUTE FUNCTION arcadium_season_player_stats_counts();--> statement-breakpoint
INSERT INTO board_counts (season_id, game_id, bucket, n)
  SELECT season_id, game_id, bucket, count(*) FROM (SELECT season_id AS season_id, 0 AS game_id, arcadium_board_bucket(total_score) AS bucket, 1 AS d FROM season_player_stats WHERE listed AND games_played > 0) AS existing GROUP BY season_id, game_id, bucket;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadium_best_scores_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT 0 AS season_id, game_id AS game_id, arcadium_board_bucket(score) AS bucket, 1 AS d FROM new_rows WHERE listed) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT 0 AS season_id, game_id AS game_id, arcadium_board_bucket(score) AS bucket, -1 AS d FROM old_rows WHERE listed) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT 0 AS season_id, game_id AS game_id, arcadium_board_bucket(score) AS bucket, -1 AS d FROM old_rows WHERE listed UNION ALL SELECT 0 AS season_id, game_id AS game_id, arcadium_board_bucket(score) AS bucket, 1 AS d FROM new_rows WHERE listed) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSE
    DELETE FROM board_counts WHERE season_id = 0 AND game_id <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "best_scores_counts_insert" AFTER INSERT ON "best_scores" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_best_scores_counts();--> statement-breakpoint
CREATE TRIGGER "best_scores_counts_update" AFTER UPDATE ON "best_scores" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_best_scores_counts();--> statement-breakpoint
CREATE TRIGGER "best_scores_counts_delete" AFTER DELETE ON "best_scores" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_best_scores_counts();--> statement-breakpoint
CREATE TRIGGER "best_scores_counts_truncate" AFTER TRUNCATE ON "best_scores" FOR EACH STATEMENT EXECUTE FUNCTION arcadium_best_scores_counts();--> statement-breakpoint
INSERT INTO board_counts (season_id, game_id, bucket, n)
  SELECT season_id, game_id, bucket, count(*) FROM (SELECT 0 AS season_id, game_id AS game_id, arcadium_board_bucket(score) AS bucket, 1 AS d FROM best_scores WHERE listed) AS existing GROUP BY season_id, game_id, bucket;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadium_season_best_scores_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT season_id AS season_id, game_id AS game_id, arcadium_board_bucket(score) AS bucket, 1 AS d FROM new_rows WHERE listed) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT season_id AS season_id, game_id AS game_id, arcadium_board_bucket(score) AS bucket, -1 AS d FROM old_rows WHERE listed) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO board_counts (season_id, game_id, bucket, n)
    SELECT season_id, game_id, bucket, sum(d) FROM (SELECT season_id AS season_id, game_id AS game_id, arcadium_board_bucket(score) AS bucket, -1 AS d FROM old_rows WHERE listed UNION ALL SELECT season_id AS season_id, game_id AS game_id, arcadium_board_bucket(score) AS bucket, 1 AS d FROM new_rows WHERE listed) AS delta
    GROUP BY season_id, game_id, bucket HAVING sum(d) <> 0 ORDER BY season_id, game_id, bucket
    ON CONFLICT (season_id, game_id, bucket) DO UPDATE SET n = board_counts.n + excluded.n;
  ELSE
    DELETE FROM board_counts WHERE season_id <> 0 AND game_id <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "season_best_scores_counts_insert" AFTER INSERT ON "season_best_scores" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_season_best_scores_counts();--> statement-breakpoint
CREATE TRIGGER "season_best_scores_counts_update" AFTER UPDATE ON "season_best_scores" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_season_best_scores_counts();--> statement-breakpoint
CREATE TRIGGER "season_best_scores_counts_delete" AFTER DELETE ON "season_best_scores" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_season_best_scores_counts();--> statement-breakpoint
CREATE TRIGGER "season_best_scores_counts_truncate" AFTER TRUNCATE ON "season_best_scores" FOR EACH STATEMENT EXECUTE FUNCTION arcadium_season_best_scores_counts();--> statement-breakpoint
INSERT INTO board_counts (season_id, game_id, bucket, n)
  SELECT season_id, game_id, bucket, count(*) FROM (SELECT season_id AS season_id, game_id AS game_id, arcadium_board_bucket(score) AS bucket, 1 AS d FROM season_best_scores WHERE listed) AS existing GROUP BY season_id, game_id, bucket;
