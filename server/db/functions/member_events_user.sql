-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- Member events (docs/architecture.md, "Live member updates") from the member row, fired after an
-- update of the columns named in migration 0009:
--   * free_spin: total_free_spins_earned went up (a referral's reward: one grant, one increase);
--   * blocked: is_suspicious went from false to true (an administrator's block or the reversal hold);
--     not for an account deletion (deleted_at set, migration 0030), which also blocks the member: its
--     sessions are deleted in the same transaction, so its streams end as a sign-out, never as a block.
-- The id carries the new total, so two grants in one transaction stay two events.
CREATE OR REPLACE FUNCTION member_events_user()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.is_suspicious AND NOT OLD.is_suspicious AND NEW.deleted_at IS NULL THEN
    PERFORM pg_notify('member_events', json_build_object(
      'id', pg_current_xact_id()::text || '-b' || NEW.id,
      'type', 'blocked',
      'user', NEW.id)::text);
  END IF;
  IF NEW.total_free_spins_earned > OLD.total_free_spins_earned THEN
    PERFORM pg_notify('member_events', json_build_object(
      'id', pg_current_xact_id()::text || '-f' || NEW.id || '.' || NEW.total_free_spins_earned,
      'type', 'free_spin',
      'user', NEW.id,
      'count', NEW.total_free_spins_earned - OLD.total_free_spins_earned)::text);
  END IF;
  RETURN NULL;
END
$$;
