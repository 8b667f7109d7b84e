-- A repeatable definition (see rewards_spin.sql): re-created at every start, so this file is the
-- function's current text.
--
-- The receiver's common case in one statement (issue 32, docs/decisions/approved-postback-one-statement.md):
-- a verified 'approved' postback for a new transaction id on a click whose member passed the risk
-- gate (judged by the server before this call, on the member's evidence). In one statement, so in one
-- transaction, the same writes as the general path (server/postbacks/conversions-service.ts, `approve`):
-- the completion inserted 'pending' first (ON CONFLICT DO NOTHING, the order every receiver takes:
-- completion, then member row), the member's and the offer's counters and the approved status, then
-- the attempt's log row with the completion's id. It does nothing and returns no row (the server then
-- runs the general path in a transaction) when anything is not plain: the transaction id or the
-- member's live completion of the offer is already recorded, the member has a referral waiting on a
-- first completion, or the member is blocked or their rewards are paused (raised after the insert as
-- RWFAL, which undoes it).
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
RETURNS TABLE (o_completion_id integer, o_postback_id bigint)
LANGUAGE plpgsql
AS $$
DECLARE
  v_id integer;
  v_total integer;
  v_postback bigint;
BEGIN
  -- Checked before the insert so that a repeat costs no sequence value: the general path that runs
  -- next inserts as it always has (a concurrent copy still meets ON CONFLICT below).
  IF EXISTS (SELECT 1 FROM referrals r WHERE r.referred_user_id = p_user_id AND r.status = 'pending')
     OR EXISTS (SELECT 1 FROM completions c WHERE c.network = p_network AND c.transaction_id = p_transaction_id)
     OR EXISTS (SELECT 1 FROM completions c
                 WHERE c.user_id = p_user_id AND c.offer_id = p_offer_id AND c.status <> 'reversed')
     OR NOT EXISTS (SELECT 1 FROM users u
                     WHERE u.id = p_user_id AND u.is_suspicious = false AND u.rewards_paused_at IS NULL) THEN
    RETURN;
  END IF;
  INSERT INTO completions (user_id, offer_id, click_id, network, transaction_id, status, payout_amount, payout_currency)
    VALUES (p_user_id, p_offer_id, p_click_id, p_network, p_transaction_id, 'pending', p_payout, p_currency)
    ON CONFLICT DO NOTHING
    RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RETURN;
  END IF;
  UPDATE users SET total_completions = total_completions + 1,
                   total_revenue_generated = total_revenue_generated + p_payout,
                   last_activity = now()
   WHERE id = p_user_id AND is_suspicious = false AND rewards_paused_at IS NULL
   RETURNING total_completions INTO v_total;
  IF v_total IS NULL THEN
    RAISE EXCEPTION 'not a plain approval' USING ERRCODE = 'RWFAL';
  END IF;
  UPDATE offers SET total_completions = total_completions + 1, unique_users = unique_users + 1,
                    total_revenue = total_revenue + p_payout
   WHERE id = p_offer_id;
  UPDATE completions
     SET status = 'approved', completed_at = now(), is_first_completion = (v_total = 1),
         completion_type = 'standard', referral_reward_processed = false, approval_held_at = null
   WHERE id = v_id;
  INSERT INTO postback_log (network_id, method, ip, params, click_id, transaction_id, status, outcome,
                            http_status, completion_id, verified, reason, request)
    VALUES (p_log_network_id, p_method, p_ip, p_params, p_log_click_id, p_log_transaction_id, p_log_status, p_outcome,
            p_http_status, v_id, true, p_reason, p_request)
    RETURNING id INTO v_postback;
  RETURN QUERY SELECT v_id, v_postback;
END;
$$;
