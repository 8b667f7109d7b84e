-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- Keeps `users.hosting_seen_at` (migration 0035) at or after the member's latest sighting on a hosting
-- network: fired after such a sighting is inserted or its time changes, in the same transaction.
CREATE OR REPLACE FUNCTION member_hosting_seen()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE users SET hosting_seen_at = NEW.created_at
   WHERE id = NEW.user_id AND (hosting_seen_at IS NULL OR hosting_seen_at < NEW.created_at);
  RETURN NULL;
END
$$;
