-- A repeatable definition: re-created with CREATE OR REPLACE at every start, right after the
-- migrations (server/db/client.ts, `migrate`), so this file is the function's current text. Change the
-- function here, never in a new migration; a change of its arguments or result columns needs a
-- migration that drops the old function first (CREATE OR REPLACE cannot change them).
--
-- The slot spin's database work as one statement (server/spins/service.ts, server/spins/repository.ts).
-- The server draws first (crypto.randomInt over the offer's slot config) and passes the outcome in;
-- this function spends the spin, claims a voucher of the drawn amount, records the spin and moves the
-- counters, all or nothing: a single statement is its own transaction, and a refusal raises, which
-- undoes everything it did. One round trip instead of ten, with the same rules as before:
--   * an offer spin spends the member's approved, unused completion with a conditional UPDATE, so of
--     two concurrent spins of one completion only one finds spinner_used = false (RWNOS otherwise);
--   * every spin locks the member row first (FOR NO KEY UPDATE, the lock an UPDATE takes), which orders
--     the spin after a concurrent block (a blocked member's spin raises RWBLK) and checks the free spin
--     it spends (never below zero: RWNFS); the row is written once, at the end, with the spend and the
--     win's counters together: one row version per spin, where a win used to write it twice, and a HOT
--     one (no index entry at all) since no column it changes is indexed but last_activity, written at most
--     once a minute (migration 0021);
--   * a win claims an available voucher of the drawn amount FOR UPDATE SKIP LOCKED: the earliest
--     expiry among those with at least 7 days left, else the earliest of those expiring sooner
--     (docs/decisions/voucher-claim-seven-days.md);
--   * an amount with no code in stock is not drawn (docs/product-rules.md#spins): the spin is a miss,
--     recorded as a stock-out (stock_out, for the console), under odds that no longer show that amount;
--   * codes of the amount in stock but all being claimed by concurrent spins (or debts): the win lost
--     the race for the last code and is owed (owed_vouchers, migration 0025): a win (reward type,
--     counters) without a code, settled when the amount is restocked (assign_owed_vouchers.sql). The
--     server calls assign_owed_vouchers after the commit (r_owed), in case a restock committed meanwhile;
--   * r_stock_check: the stock of the drawn amount is gone (this spin took the last code, or found
--     none while voucher_stock still says it has some): the server then calls refresh_voucher_stock
--     after the commit, so the odds members see follow. r_stocked: the amounts voucher_stock says are
--     in stock (the result panel's odds).
CREATE OR REPLACE FUNCTION rewards_spin(
  p_user_id integer,
  p_spin_type text,
  p_offer_id integer,
  p_drawn numeric,
  p_win_reward_type text,
  p_win_slot jsonb,
  p_miss_slot jsonb
) RETURNS TABLE (
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
  v_completion_id integer;
  v_offer_id integer;
  v_free integer;
  v_voucher_id integer;
  v_voucher vouchers%ROWTYPE;
  v_win boolean := false;
  v_stock_out boolean := false;
  v_reward text := 'none';
  v_spin_id integer;
  v_owed boolean := false;
  v_stock_check boolean := false;
BEGIN
  IF p_spin_type = 'offer' THEN
    UPDATE completions SET spinner_used = true
      WHERE user_id = p_user_id AND offer_id = p_offer_id AND status = 'approved' AND spinner_used = false
      RETURNING id, offer_id INTO v_completion_id, v_offer_id;
    IF v_completion_id IS NULL THEN
      RAISE EXCEPTION 'no spin available for this offer' USING ERRCODE = 'RWNOS';
    END IF;
  END IF;

  SELECT free_spins_remaining - CASE WHEN p_spin_type = 'free' THEN 1 ELSE 0 END INTO v_free FROM users
    WHERE id = p_user_id AND NOT is_suspicious AND (p_spin_type <> 'free' OR free_spins_remaining > 0)
    FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM users WHERE id = p_user_id AND NOT is_suspicious) THEN
      RAISE EXCEPTION 'no free spins left' USING ERRCODE = 'RWNFS';
    END IF;
    RAISE EXCEPTION 'member blocked or missing' USING ERRCODE = 'RWBLK';
  END IF;

  IF p_drawn > 0 THEN
    -- A code with at least 7 days left (the earliest expiry among them, then those without one), so
    -- that a member is not handed a code about to lapse while longer-lived ones are in stock; only
    -- then one that expires within the week. Two range scans of vouchers_claim_idx, no sort.
    SELECT id INTO v_voucher_id FROM vouchers
      WHERE status = 'available' AND voucher_amount = p_drawn
        AND (expiry_date IS NULL OR expiry_date >= current_date + 7)
      ORDER BY expiry_date ASC NULLS LAST, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED;
    IF v_voucher_id IS NULL THEN
      SELECT id INTO v_voucher_id FROM vouchers
        WHERE voucher_amount = p_drawn AND status = 'available'
          AND expiry_date >= current_date AND expiry_date < current_date + 7
        ORDER BY expiry_date, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED;
    END IF;
    IF v_voucher_id IS NOT NULL THEN
      UPDATE vouchers SET
          status = 'assigned',
          assigned_to_user_id = p_user_id,
          assigned_at = now(),
          assignment_context = CASE WHEN p_spin_type = 'free' THEN 'free_spin_from_referral' ELSE 'offer_completion' END,
          completion_id = v_completion_id
        WHERE id = v_voucher_id AND status = 'available'
        RETURNING * INTO v_voucher;
      v_win := FOUND;
      -- The last code of the amount: voucher_stock should say so (the server refreshes it after the commit).
      v_stock_check := NOT EXISTS (
        SELECT 1 FROM vouchers left_v WHERE left_v.status = 'available' AND left_v.voucher_amount = p_drawn
          AND (left_v.expiry_date IS NULL OR left_v.expiry_date >= current_date));
    ELSIF EXISTS (
        SELECT 1 FROM vouchers taken_v WHERE taken_v.status = 'available' AND taken_v.voucher_amount = p_drawn
          AND (taken_v.expiry_date IS NULL OR taken_v.expiry_date >= current_date)) THEN
      -- Codes in stock, every one being claimed by a concurrent spin: this win lost the race, it is owed.
      v_win := true;
      v_owed := true;
    ELSE
      -- None in stock: the amount is not drawn (a miss, recorded as a stock-out).
      v_stock_out := true;
      v_stock_check := EXISTS (SELECT 1 FROM voucher_stock WHERE amount = p_drawn AND in_stock);
    END IF;
  END IF;
  IF v_win THEN
    v_reward := p_win_reward_type;
  END IF;

  INSERT INTO spins (user_id, spin_type, completion_id, offer_id, slot_result, is_win, drawn_amount,
                     voucher_id, reward_type, stock_out)
    VALUES (p_user_id, p_spin_type, v_completion_id, v_offer_id,
            CASE WHEN v_win THEN p_win_slot ELSE p_miss_slot END, v_win,
            CASE WHEN p_drawn > 0 THEN p_drawn END,
            CASE WHEN v_win THEN v_voucher.id END, v_reward, v_stock_out)
    RETURNING id INTO v_spin_id;
  IF v_owed THEN
    INSERT INTO owed_vouchers (user_id, spin_id, completion_id, offer_id, voucher_amount, assignment_context)
      VALUES (p_user_id, v_spin_id, v_completion_id, v_offer_id, p_drawn,
              CASE p_spin_type WHEN 'free' THEN 'free_spin_from_referral' ELSE 'offer_completion' END);
  END IF;

  IF v_completion_id IS NOT NULL THEN
    UPDATE completions SET reward_type = v_reward, voucher_id = CASE WHEN v_win THEN v_voucher.id END
      WHERE id = v_completion_id;
    UPDATE offers SET spins_used = spins_used + 1, rewards_won = rewards_won + CASE WHEN v_win THEN 1 ELSE 0 END,
                      total_voucher_value = total_voucher_value + CASE WHEN v_win THEN p_drawn ELSE 0 END
      WHERE id = v_offer_id;
  END IF;
  UPDATE users SET
      free_spins_remaining = v_free,
      spins_used = spins_used + 1,
      -- At most once a minute: an unchanged value keeps the update HOT (migration 0021).
      last_activity = CASE WHEN last_activity > now() - interval '1 minute' THEN last_activity ELSE now() END,
      total_vouchers_won = total_vouchers_won + CASE WHEN v_win THEN 1 ELSE 0 END,
      total_voucher_value = total_voucher_value + CASE WHEN v_win THEN p_drawn ELSE 0 END
    WHERE id = p_user_id;

  RETURN QUERY SELECT v_spin_id, v_win, v_stock_out, v_reward,
    CASE WHEN v_win THEN p_win_slot ELSE p_miss_slot END, v_free,
    CASE WHEN v_win THEN v_voucher.voucher_code END,
    CASE WHEN v_win THEN v_voucher.voucher_amount::double precision END,
    CASE WHEN v_win THEN v_voucher.voucher_brand END,
    CASE WHEN v_win THEN v_voucher.voucher_type END,
    CASE WHEN v_win THEN to_char(v_voucher.expiry_date, 'YYYY-MM-DD') END,
    CASE WHEN v_win THEN v_voucher.voucher_description END,
    v_owed, v_stock_check,
    ARRAY(SELECT amount::double precision FROM voucher_stock WHERE in_stock ORDER BY amount);
END
$$;
