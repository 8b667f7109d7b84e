-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- The member answers cache's notifications: see member_cache_user.sql.

-- A row owned by a member through its user_id column (sessions, clicks, claims): its old and new owner.
CREATE OR REPLACE FUNCTION member_cache_owner()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM member_cache_notify(OLD.user_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM member_cache_notify(NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
