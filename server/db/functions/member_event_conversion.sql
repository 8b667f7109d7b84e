-- A repeatable definition (server/db/client.ts, `migrate`): this file is the function's current text.
--
-- The member event of a conversion's status (docs/architecture.md, "Live member updates"): the payload
-- member_events_completion notifies at commit, and the one receive_approved_conversion hands to the
-- server, which announces it after its commit (docs/decisions/announced-after-commit.md). One text for
-- both: ids, the status, the offer's title cut to 120 characters (far below NOTIFY's 8,000 bytes), and
-- whether the member has a device subscribed to Web Push.
CREATE OR REPLACE FUNCTION member_event_conversion(
  p_completion integer,
  p_user integer,
  p_status text,
  p_offer integer,
  p_title text,
  p_not_approved boolean
)
RETURNS text
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN json_build_object(
    'id', pg_current_xact_id()::text || '-c' || p_completion,
    'type', 'conversion',
    'user', p_user,
    'status', p_status,
    'offerId', p_offer,
    'completionId', p_completion,
    'title', left(p_title, 120),
    -- A reward held by risk and denied in review (issue 33): told as 'not approved', not as a partner's reversal.
    'notApproved', p_not_approved,
    -- For the server only (never sent to streams): Web Push need not look for the member's devices.
    'devices', EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = p_user))::text;
END
$$;
