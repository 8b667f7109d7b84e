-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- The member answers cache's notifications: see member_cache_user.sql.

-- A row owned by a member through its user_id column (sessions, clicks, claims): its old and new owner.
CREATE OR REPLACE FUNCTION member_cache_owner()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  -- A spin's changes are announced by the server after its commit (member_spin.sql).
  IF current_setting('rewards.cache_announced_by_server', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.user_id IS NOT NULL THEN
    PERFORM pg_notify('member_cache', OLD.user_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.user_id IS NOT NULL THEN
    PERFORM pg_notify('member_cache', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
