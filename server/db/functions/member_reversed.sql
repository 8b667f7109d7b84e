-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- Keeps `users.last_reversal_at` (migration 0036) at or after the latest reversal of the member's
-- approved completions: fired after a completion is inserted reversed or becomes reversed, in the same
-- transaction.
CREATE OR REPLACE FUNCTION member_reversed()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE users SET last_reversal_at = NEW.reversed_at
   WHERE id = NEW.user_id AND (last_reversal_at IS NULL OR last_reversal_at < NEW.reversed_at);
  RETURN NULL;
END
$$;
