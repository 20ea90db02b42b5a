-- Issue 12 item 5 (decision 009): each process keeps resolved sessions in memory (services/session-cache.ts).
-- PostgreSQL itself tells every process when a cached session may no longer be true, whoever changed it (the
-- application, another process, an operator's SQL): the ids of the users concerned, comma-separated, or "*"
-- when a statement touched too many to list, on the channel arcadium_sessions.
CREATE OR REPLACE FUNCTION arcadium_sessions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT CASE WHEN count(DISTINCT user_id) > 500 THEN '*' ELSE string_agg(DISTINCT user_id::text, ',') END INTO ids FROM old_rows;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('arcadium_sessions', ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_notify" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arcadium_sessions_deleted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION arcadium_session_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('arcadium_sessions', OLD.user_id::text);
    IF NEW.user_id <> OLD.user_id THEN
      PERFORM pg_notify('arcadium_sessions', NEW.user_id::text);
    END IF;
  ELSE
    PERFORM pg_notify('arcadium_sessions', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Touching a session (last_seen_at) does not notify: only what a cached session holds.
CREATE TRIGGER "sessions_changed_notify" AFTER UPDATE OF "user_id", "kind", "expires_at", "token_hash" ON "sessions" FOR EACH ROW EXECUTE FUNCTION arcadium_session_user_changed();--> statement-breakpoint
CREATE TRIGGER "users_session_fields_notify" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at OR OLD.username IS DISTINCT FROM NEW.username OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION arcadium_session_user_changed();
