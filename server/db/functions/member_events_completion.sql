-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- Member events (docs/architecture.md, "Live member updates"): a conversion of the member's changed
-- state. Fired by a deferred constraint trigger (migration 0009), so it runs at commit and reads the
-- completion as the transaction leaves it: an approval inserted as 'approved' and then held back to
-- 'pending' in the same transaction announces 'pending' once, never 'approved' then 'pending'. Two
-- firings of one transaction build the same payload, and PostgreSQL delivers identical notifications
-- of a transaction once. A conversion first recorded as reversed (the member never saw it) says
-- nothing. The payload is member_event_conversion's. Not sent in the receiver's one-statement approval:
-- receive_approved_conversion sets rewards.events_announced_by_server and hands the payload to the
-- server, which announces it after the commit (docs/decisions/announced-after-commit.md).
CREATE OR REPLACE FUNCTION member_events_completion()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_user integer;
  v_status text;
  v_offer integer;
  v_title text;
  v_not_approved boolean;
BEGIN
  IF current_setting('rewards.events_announced_by_server', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT c.user_id, c.status, c.offer_id, o.title, coalesce(c.reversal_reason LIKE 'Not approved:%', false)
    INTO v_user, v_status, v_offer, v_title, v_not_approved
    FROM completions c LEFT JOIN offers o ON o.id = c.offer_id
   WHERE c.id = NEW.id;
  -- An approved claim (migration 0010, transaction id 'claim-<id>') is announced by its own 'claim'
  -- event (member_events_claim.sql), which says it was the member's claim: not twice.
  IF NOT FOUND OR (TG_OP = 'INSERT' AND v_status = 'reversed')
     OR (v_status = 'approved' AND NEW.transaction_id LIKE 'claim-%') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('member_events',
    member_event_conversion(NEW.id, v_user, v_status, v_offer, v_title, v_not_approved));
  RETURN NULL;
END
$$;
