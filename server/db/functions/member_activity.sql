-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- Counts a click or a completion in the member row's activity buckets (migration 0036): fired after
-- each insert into `clicks` and `completions`, in the same transaction. The recent bucket closes, and
-- becomes the prior one, at the first insert a day or more after it opened. The receiver's one-statement
-- approval makes the same update in its own (receive_approved_conversion.sql).
CREATE OR REPLACE FUNCTION member_activity()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE users
     SET activity_prior = CASE WHEN activity_since IS NULL OR now() >= activity_since + interval '1 day'
                               THEN activity_recent ELSE activity_prior END,
         activity_recent = CASE WHEN activity_since IS NULL OR now() >= activity_since + interval '1 day'
                                THEN 1 ELSE activity_recent + 1 END,
         activity_since = CASE WHEN activity_since IS NULL OR now() >= activity_since + interval '1 day'
                               THEN now() ELSE activity_since END
   WHERE id = NEW.user_id;
  RETURN NULL;
END
$$;
