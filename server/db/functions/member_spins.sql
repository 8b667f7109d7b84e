-- A repeatable definition (see rewards_spin.sql): re-created at every start, so this file is the
-- function's current text.
--
-- Several slot-spin.php calls in one statement and one commit (server/spins/repository.ts,
-- `MemberSpinQueue`; docs/decisions/spins-share-a-commit.md). Under load the server queues
-- the spins that arrive while its earlier statements run and sends them together: element i of every
-- array is one call of member_spin, made in order, each in its own subtransaction, so that one call's
-- refusal (member_spin's RW* errors: no session, blocked, no spin left, the offer's config changed...)
-- undoes that call only and comes back as its row's r_error_code (and r_error_detail, the DETAIL that
-- RWCFG carries), while the others are kept. Any other error (a deadlock, say) fails the whole statement
-- and nothing is kept: the server then sends each spin alone (but not after a lost connection, when the
-- statement may have committed).
--
-- The locks: every call locks its member row, and an offer spin its offer row, until the commit; the
-- server sends the calls ordered by offer (free spins first) so that two statements take offer rows in
-- the same order.
CREATE OR REPLACE FUNCTION member_spins(
  p_session_hashes text[],
  p_ttl_secs double precision[],
  p_renew_after_secs double precision[],
  p_spin_types text[],
  p_offer_ids integer[],
  p_slot_configs text[],
  p_drawn numeric[],
  p_win_reward_types text[],
  p_win_slots jsonb[],
  p_miss_slots jsonb[]
) RETURNS TABLE (
  r_index integer,
  r_error_code text,
  r_error_detail text,
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
  i integer;
  v_detail text;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_session_hashes, 1), 0) LOOP
    BEGIN
      RETURN QUERY SELECT i, NULL::text, NULL::text, m.*
        FROM member_spin(p_session_hashes[i], p_ttl_secs[i], p_renew_after_secs[i], p_spin_types[i],
                         p_offer_ids[i], p_slot_configs[i], p_drawn[i], p_win_reward_types[i],
                         p_win_slots[i], p_miss_slots[i]) m;
    EXCEPTION
      WHEN SQLSTATE 'RWSES' OR SQLSTATE 'RWSBL' OR SQLSTATE 'RWNOF' OR SQLSTATE 'RWCFG'
        OR SQLSTATE 'RWNOS' OR SQLSTATE 'RWNFS' OR SQLSTATE 'RWBLK' OR SQLSTATE 'RWSEX'
        OR SQLSTATE 'RWELG' THEN
        GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
        RETURN QUERY SELECT i, SQLSTATE::text, nullif(v_detail, ''),
          NULL::timestamptz, NULL::integer, NULL::integer, NULL::boolean, NULL::boolean, NULL::text,
          NULL::jsonb, NULL::integer, NULL::text, NULL::double precision, NULL::text, NULL::text,
          NULL::text, NULL::text, NULL::boolean, NULL::boolean, NULL::double precision[];
    END;
  END LOOP;
END
$$;
