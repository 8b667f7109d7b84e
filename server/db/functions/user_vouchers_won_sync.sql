-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- Keeps `user_vouchers_won` (migration 0032) equal to `users.total_vouchers_won`: fired after a member
-- row is inserted and after an update that changes the column, in the same transaction.
CREATE OR REPLACE FUNCTION user_vouchers_won_sync()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO user_vouchers_won (user_id, total_vouchers_won)
  VALUES (NEW.id, NEW.total_vouchers_won)
  ON CONFLICT (user_id) DO UPDATE SET total_vouchers_won = EXCLUDED.total_vouchers_won;
  RETURN NULL;
END
$$;
