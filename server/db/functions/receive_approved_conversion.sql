-- A repeatable definition (see rewards_spin.sql): re-created at every start, so this file is the
-- function's current text.
--
-- The receiver's common case in one statement (issue 32, docs/decisions/approved-postback-one-statement.md):
-- a verified 'approved' postback for a new transaction id on a click whose member passed the risk
-- gate (judged by the server before this call, on the member's evidence). In one statement, so in one
-- transaction, what the general path (server/postbacks/conversions-service.ts, `approve`) leaves: the
-- completion, approved (ON CONFLICT DO NOTHING: the completion first, then the member row, the order
-- every receiver takes), the member's and the offer's counters, then the attempt's log row with the
-- completion's id. It does nothing and returns no row (the server then runs the general path in a
-- transaction) when anything is not plain: the transaction id or the member's live completion of the
-- offer is already recorded, the member has a referral waiting on a first completion, or the member is
-- blocked or their rewards are paused (raised after the insert as RWFAL, which undoes it).
--
-- Written once per row (docs/decisions/announced-after-commit.md): the completion is inserted
-- approved, its first-completion flag taken from the member's count read before; the member row's
-- update says what the count really was, and the flag is corrected in the rare case where a concurrent
-- approval or reversal of the same member moved it in between.
--
-- The member row's update counts the completion in its activity buckets (migration 0036), so the
-- insert trigger that counts every other completion (member_activity.sql) is told to skip this one.
--
-- It sends no notification: one sent in the transaction would hold PostgreSQL's notification lock
-- through the commit's WAL flush, one commit at a time. It sets rewards.cache_announced_by_server and
-- rewards.events_announced_by_server, so the triggers stay silent, and returns what the server
-- announces after the commit: the member event's payload (member_event_conversion.sql) and the
-- referrer whose referral list shows the member's count.
CREATE OR REPLACE FUNCTION receive_approved_conversion(
  p_user_id integer,
  p_offer_id integer,
  p_click_id text,
  p_network text,
  p_transaction_id text,
  p_payout numeric,
  p_currency text,
  p_log_network_id integer,
  p_method text,
  p_ip text,
  p_params jsonb,
  p_log_click_id text,
  p_log_transaction_id text,
  p_log_status text,
  p_outcome text,
  p_http_status integer,
  p_reason text,
  p_request jsonb
)
RETURNS TABLE (o_completion_id integer, o_postback_id bigint, o_event text, o_referrer integer)
LANGUAGE plpgsql
AS $$
DECLARE
  v_id integer;
  v_read integer;
  v_total integer;
  v_postback bigint;
  v_title text;
  v_referrer integer;
BEGIN
  -- Checked before the insert so that a repeat costs no sequence value: the general path that runs
  -- next inserts as it always has (a concurrent copy still meets ON CONFLICT below).
  IF EXISTS (SELECT 1 FROM referrals r WHERE r.referred_user_id = p_user_id AND r.status = 'pending')
     OR EXISTS (SELECT 1 FROM completions c WHERE c.network = p_network AND c.transaction_id = p_transaction_id)
     OR EXISTS (SELECT 1 FROM completions c
                 WHERE c.user_id = p_user_id AND c.offer_id = p_offer_id AND c.status <> 'reversed') THEN
    RETURN;
  END IF;
  SELECT u.total_completions INTO v_read
    FROM users u WHERE u.id = p_user_id AND u.is_suspicious = false AND u.rewards_paused_at IS NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM set_config('rewards.cache_announced_by_server', 'on', true),
          set_config('rewards.events_announced_by_server', 'on', true),
          set_config('rewards.activity_counted', 'on', true);
  INSERT INTO completions (user_id, offer_id, click_id, network, transaction_id, status, payout_amount,
                           payout_currency, completed_at, is_first_completion, completion_type,
                           referral_reward_processed)
    VALUES (p_user_id, p_offer_id, p_click_id, p_network, p_transaction_id, 'approved', p_payout,
            p_currency, now(), v_read = 0, 'standard', false)
    ON CONFLICT DO NOTHING
    RETURNING id INTO v_id;
  PERFORM set_config('rewards.activity_counted', 'off', true);
  IF v_id IS NULL THEN
    RETURN;
  END IF;
  UPDATE users SET total_completions = total_completions + 1,
                   total_revenue_generated = total_revenue_generated + p_payout,
                   last_activity = now(),
                   -- The completion in the activity buckets, as member_activity.sql counts every other.
                   activity_prior = CASE WHEN activity_since IS NULL OR now() >= activity_since + interval '1 day'
                                         THEN activity_recent ELSE activity_prior END,
                   activity_recent = CASE WHEN activity_since IS NULL OR now() >= activity_since + interval '1 day'
                                          THEN 1 ELSE activity_recent + 1 END,
                   activity_since = CASE WHEN activity_since IS NULL OR now() >= activity_since + interval '1 day'
                                         THEN now() ELSE activity_since END
   WHERE id = p_user_id AND is_suspicious = false AND rewards_paused_at IS NULL
   RETURNING total_completions INTO v_total;
  IF v_total IS NULL THEN
    RAISE EXCEPTION 'not a plain approval' USING ERRCODE = 'RWFAL';
  END IF;
  IF (v_total = 1) IS DISTINCT FROM (v_read = 0) THEN
    UPDATE completions SET is_first_completion = (v_total = 1) WHERE id = v_id;
  END IF;
  UPDATE offers SET total_completions = total_completions + 1, unique_users = unique_users + 1,
                    total_revenue = total_revenue + p_payout
   WHERE id = p_offer_id
   RETURNING title INTO v_title;
  INSERT INTO postback_log (network_id, method, ip, params, click_id, transaction_id, status, outcome,
                            http_status, completion_id, verified, reason, request)
    VALUES (p_log_network_id, p_method, p_ip, p_params, p_log_click_id, p_log_transaction_id, p_log_status, p_outcome,
            p_http_status, v_id, true, p_reason, p_request)
    RETURNING id INTO v_postback;
  SELECT r.referrer_user_id INTO v_referrer FROM referrals r WHERE r.referred_user_id = p_user_id;
  RETURN QUERY SELECT v_id, v_postback,
    member_event_conversion(v_id, p_user_id, 'approved', p_offer_id, v_title, false), v_referrer;
END;
$$;
