-- The receiver's gate decides from the member row whether the member's clicks and conversions of the
-- last 24 hours, or their reversals, can count (docs/decisions/member-activity-bound.md): most members'
-- cannot, and the gate then reads neither. Kept by triggers in the same transaction as every insert
-- into `clicks` and `completions` and every reversal (the trigger functions are repeatable definitions:
-- server/db/functions/member_activity.sql, member_reversed.sql).
--
-- The member's clicks and completions in two buckets: `activity_recent` counts those inserted since
-- `activity_since`, `activity_prior` those of the bucket before it. A bucket closes at the first insert
-- a day or more after it opened, so every insert of the last 24 hours is in the recent bucket, or in the
-- prior one while the recent one is less than a day (and an hour, for transactions' skew) old: their sum
-- is an upper bound of the member's clicks and completions in the window, never below it.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "activity_since" timestamptz;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "activity_recent" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "activity_prior" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- The latest reversal time of the member's approved completions (set, never cleared): their reversals
-- can count only while it is within the reversal window.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "last_reversal_at" timestamptz;
--> statement-breakpoint
UPDATE "users" u SET "activity_since" = now(), "activity_recent" = a.n
  FROM (SELECT user_id, count(*)::int AS n FROM (
          SELECT user_id FROM "clicks" WHERE created_at > now() - interval '1 day'
          UNION ALL
          SELECT user_id FROM "completions" WHERE created_at > now() - interval '1 day') x
         GROUP BY user_id) a
 WHERE a.user_id = u.id;
--> statement-breakpoint
UPDATE "users" u SET "last_reversal_at" = r.at
  FROM (SELECT user_id, max(reversed_at) AS at FROM "completions"
         WHERE status = 'reversed' AND completed_at IS NOT NULL AND reversed_at IS NOT NULL
         GROUP BY user_id) r
 WHERE r.user_id = u.id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_activity() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_reversed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER member_activity_click
  AFTER INSERT ON clicks
  FOR EACH ROW EXECUTE FUNCTION member_activity();
--> statement-breakpoint
-- The receiver's one-statement approval counts its own completion in the member row's update it makes
-- anyway (receive_approved_conversion.sql) and says so for the length of its insert.
CREATE TRIGGER member_activity_completion
  AFTER INSERT ON completions
  FOR EACH ROW WHEN (current_setting('rewards.activity_counted', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION member_activity();
--> statement-breakpoint
CREATE TRIGGER member_reversed
  AFTER INSERT OR UPDATE OF status, completed_at, reversed_at ON completions
  FOR EACH ROW WHEN (NEW.status = 'reversed' AND NEW.completed_at IS NOT NULL AND NEW.reversed_at IS NOT NULL)
  EXECUTE FUNCTION member_reversed();
