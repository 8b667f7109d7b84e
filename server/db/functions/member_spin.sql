-- A repeatable definition (see rewards_spin.sql): re-created at every start, so this file is the
-- function's current text.
--
-- slot-spin.php in one round trip (server/spins/service.ts,
-- docs/decisions/one-round-trip-per-member-call.md): the member session check that app.requireMember makes,
-- then the spin itself
-- (rewards_spin), in one statement. Refusals raise, which undoes everything the statement did:
--   * RWSES: no live member session for the cookie's hash (401), RWSBL: the member is blocked (403);
--   * RWNOF: an offer spin of an offer that does not exist (404);
--   * RWCFG: the offer's slot config is not the one the server drew from (p_slot_config, the text of
--     offers.slot_config as the server last read it, null when it has none cached): nothing is spent,
--     and the error's DETAIL carries the current text, so the server draws again from it;
--   * RWELG: the member has not confirmed being 18 or older and their state yet (issue 37; the app asks
--     at the first sign-in, and a spin called around it is refused);
--   * RWSEX: the member lives in a state where the promotion is not offered (excluded_states, issue 37);
--   * rewards_spin's own refusals (RWNOS, RWNFS, RWBLK).
-- r_user_id: the member (whose cached answers the server then drops and announces).
-- The session's end moves forward when due, as renewMemberSessionIfDue does (a refusal undoes that
-- too: the server then renews separately, so a refused call still carries the renewed cookie).
CREATE OR REPLACE FUNCTION member_spin(
  p_session_hash text,
  p_ttl_secs double precision,
  p_renew_after_secs double precision,
  p_spin_type text,
  p_offer_id integer,
  p_slot_config text,
  p_drawn numeric,
  p_win_reward_type text,
  p_win_slot jsonb,
  p_miss_slot jsonb
) RETURNS TABLE (
  r_renewed_until timestamp with time zone,
  r_user_id integer,
  r_spin_id integer,
  r_is_win boolean,
  r_stock_out boolean,
  r_reward_type text,
  r_slot_result jsonb,
  r_free_spins_remaining integer,
  r_voucher_code text,
  r_voucher_amount double precision,
  r_voucher_brand text,
  r_voucher_type text,
  r_voucher_expiry text,
  r_voucher_description text,
  r_owed boolean,
  r_stock_check boolean,
  r_stocked double precision[]
)
LANGUAGE plpgsql
AS $$
DECLARE
  v_user_id integer;
  v_blocked boolean;
  v_state text;
  v_adult timestamptz;
  v_expires timestamptz;
  v_config text;
  v_renewed timestamptz;
BEGIN
  SELECT s.user_id, u.is_suspicious, s.expires_at, u.residence_state, u.adult_confirmed_at
    INTO v_user_id, v_blocked, v_expires, v_state, v_adult
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id_hash = p_session_hash AND s.kind = 'member' AND s.expires_at > now()
    LIMIT 1;
  IF v_user_id IS NULL THEN
    RAISE EXCEPTION 'no live member session' USING ERRCODE = 'RWSES';
  END IF;
  IF v_blocked THEN
    RAISE EXCEPTION 'member blocked' USING ERRCODE = 'RWSBL';
  END IF;
  IF v_adult IS NULL THEN
    RAISE EXCEPTION 'eligibility not confirmed' USING ERRCODE = 'RWELG';
  END IF;
  IF v_state IS NOT NULL AND EXISTS (SELECT 1 FROM excluded_states e WHERE e.code = v_state) THEN
    RAISE EXCEPTION 'promotion not offered in the member''s state' USING ERRCODE = 'RWSEX';
  END IF;

  IF p_spin_type = 'offer' THEN
    SELECT coalesce(o.slot_config::text, 'null') INTO v_config FROM offers o WHERE o.id = p_offer_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'no such offer' USING ERRCODE = 'RWNOF';
    END IF;
    IF p_slot_config IS DISTINCT FROM v_config THEN
      RAISE EXCEPTION 'slot config changed' USING ERRCODE = 'RWCFG', DETAIL = v_config;
    END IF;
  END IF;

  IF v_expires <= now() + make_interval(secs => p_ttl_secs - p_renew_after_secs) THEN
    UPDATE sessions SET expires_at = now() + make_interval(secs => p_ttl_secs), last_seen_at = now()
      WHERE id_hash = p_session_hash AND kind = 'member' AND expires_at > now()
      RETURNING expires_at INTO v_renewed;
  END IF;

  -- The member answers cache hears of this spin from the server, after the commit, in a batch with other
  -- spins (server/members/answers.ts, `announce`): a notification sent by this transaction would
  -- serialise its commit with every other notifying one. The triggers skip theirs (member_cache_*.sql).
  PERFORM set_config('rewards.cache_announced_by_server', 'on', true);

  RETURN QUERY SELECT v_renewed, v_user_id, s.*
    FROM rewards_spin(v_user_id, p_spin_type, p_offer_id, p_drawn, p_win_reward_type, p_win_slot, p_miss_slot) s;
END
$$;
