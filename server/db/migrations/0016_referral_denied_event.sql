-- A denied referral announced to its referrer (docs/architecture.md, "Live member updates"), as a
-- granted one already is through its free spin. The trigger function is a repeatable definition
-- (server/db/functions/member_events_referral.sql) that `migrate` re-creates right after the
-- migrations; the placeholder only lets the trigger be created on a fresh database.
CREATE OR REPLACE FUNCTION member_events_referral() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS member_events_referral ON referrals;--> statement-breakpoint
CREATE TRIGGER member_events_referral
  AFTER UPDATE OF status ON referrals
  FOR EACH ROW
  WHEN (NEW.status = 'denied' AND OLD.status IS DISTINCT FROM 'denied')
  EXECUTE FUNCTION member_events_referral();
