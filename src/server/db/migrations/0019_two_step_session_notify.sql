-- ADR 020: a cached session carries whether its account has two-step sign-in on (the staff guard reads it there).
-- Turning it on or off, or an operator's reset (a deleted row), tells every process's session cache on the
-- channel arcadium_sessions (decision 009), like a role change does.
CREATE OR REPLACE FUNCTION arcadium_two_step_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('arcadium_sessions', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('arcadium_sessions', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "staff_two_step_session_notify" AFTER INSERT OR DELETE OR UPDATE OF "enabled_at", "user_id" ON "staff_two_step" FOR EACH ROW EXECUTE FUNCTION arcadium_two_step_changed();
