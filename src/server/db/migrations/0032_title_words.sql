CREATE TABLE "title_words" (
	"word" text PRIMARY KEY NOT NULL,
	"games" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "title_words_trgm_idx" ON "title_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- ADR 028: the words of the shown games' titles, counted, for the search's typos. A title's words are its runs of
-- letters and digits that have a letter, lower-cased; numbers are left out (a term without a letter forgives no typo).
CREATE OR REPLACE FUNCTION arcadium_title_words(title text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM regexp_split_to_table(lower(title), '[^[:alnum:]]+') AS w WHERE w ~ '[[:alpha:]]'
$$;--> statement-breakpoint
-- One upsert per statement, in word order (so that two writers lock the words they share in the same order); a word
-- no shown title has any more is deleted.
CREATE OR REPLACE FUNCTION arcadium_count_title_words(gone text[], added text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE emptied text[];
BEGIN
  WITH delta AS (
    SELECT w, sum(d)::integer AS n FROM (
      SELECT unnest(arcadium_title_words(t)) AS w, -1 AS d FROM unnest(gone) AS t
      UNION ALL SELECT unnest(arcadium_title_words(t)) AS w, 1 AS d FROM unnest(added) AS t) AS words
    GROUP BY w HAVING sum(d) <> 0),
  counted AS (
    INSERT INTO title_words (word, games) SELECT w, n FROM delta ORDER BY w
    ON CONFLICT (word) DO UPDATE SET games = title_words.games + excluded.games
    RETURNING word, games)
  SELECT array_agg(word) INTO emptied FROM counted WHERE games <= 0;
  IF emptied IS NOT NULL THEN
    DELETE FROM title_words WHERE word = ANY (emptied) AND games <= 0;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadium_games_title_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM title_words;
  ELSIF TG_LEVEL = 'ROW' THEN
    PERFORM arcadium_count_title_words(CASE WHEN OLD.hidden_reason IS NULL THEN ARRAY[OLD.title] END,
      CASE WHEN NEW.hidden_reason IS NULL THEN ARRAY[NEW.title] END);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM arcadium_count_title_words(NULL, (SELECT array_agg(title) FROM new_rows WHERE hidden_reason IS NULL));
  ELSE
    PERFORM arcadium_count_title_words((SELECT array_agg(title) FROM old_rows WHERE hidden_reason IS NULL), NULL);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Inserts and deletes per statement (a bulk import counts its words once); an update per row and only when the title
-- or whether the game is shown changes, so that counting a play costs nothing here.
CREATE TRIGGER "games_title_words_insert" AFTER INSERT ON "games" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_games_title_words();--> statement-breakpoint
CREATE TRIGGER "games_title_words_delete" AFTER DELETE ON "games" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_games_title_words();--> statement-breakpoint
CREATE TRIGGER "games_title_words_update" AFTER UPDATE OF "title", "hidden_reason" ON "games" FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR (OLD.hidden_reason IS NULL) <> (NEW.hidden_reason IS NULL))
  EXECUTE FUNCTION arcadium_games_title_words();--> statement-breakpoint
CREATE TRIGGER "games_title_words_truncate" AFTER TRUNCATE ON "games" FOR EACH STATEMENT EXECUTE FUNCTION arcadium_games_title_words();--> statement-breakpoint
SELECT arcadium_count_title_words(NULL, (SELECT array_agg(title) FROM games WHERE hidden_reason IS NULL));
