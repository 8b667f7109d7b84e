-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- Member events (docs/architecture.md, "Live member updates"): an administrator denied a referral held
-- for review (same device; migration 0016's trigger fires when its status becomes 'denied'). The
-- referrer is told, so their referrals screen shows the outcome at once. A grant needs no event of its
-- own: its free spin is announced by the member row's trigger (member_events_user, 'free_spin').
CREATE OR REPLACE FUNCTION member_events_referral()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('member_events', json_build_object(
    'id', pg_current_xact_id()::text || '-r' || NEW.id,
    'type', 'referral',
    'user', NEW.referrer_user_id,
    'status', NEW.status,
    'referralId', NEW.id)::text);
  RETURN NULL;
END
$$;
