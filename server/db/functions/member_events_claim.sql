-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- Member events (docs/architecture.md, "Live member updates"): an administrator answered the member's
-- missing-conversion claim (migration 0010's trigger fires when its status leaves 'pending'). The
-- payload carries the claim's status, its offer and title (cut to 120 characters) and, on a
-- rejection, the reason the member is shown (at most 500 characters): far below NOTIFY's 8000 bytes.
CREATE OR REPLACE FUNCTION member_events_claim()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_title text;
BEGIN
  SELECT left(o.title, 120) INTO v_title FROM offers o WHERE o.id = NEW.offer_id;
  PERFORM pg_notify('member_events', json_build_object(
    'id', pg_current_xact_id()::text || '-k' || NEW.id,
    'type', 'claim',
    'user', NEW.user_id,
    'status', NEW.status,
    'offerId', NEW.offer_id,
    'claimId', NEW.id,
    'title', v_title,
    'reason', CASE WHEN NEW.status = 'rejected' THEN NEW.reject_reason END)::text);
  RETURN NULL;
END
$$;
