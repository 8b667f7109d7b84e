-- A repeatable definition (see rewards_spin.sql): re-created at every start, so this file is the
-- function's current text.
--
-- Settles the open debts of one prize amount (owed_vouchers, migration 0025: wins that lost the race
-- for the last code) with the codes of that amount in stock, oldest debt first, each exactly once.
-- Called by a restock (vouchers_restocked.sql, vouchers_available_again.sql: in the restock's own
-- transaction, so its codes are never seen free by a spin before the debts are served) and by the
-- server right after the commit of a spin that left a debt (a restock that committed meanwhile did not
-- see that debt). Serialised per amount by a transaction-level advisory lock: a second caller waits,
-- and its statements after the lock see what the first committed (READ COMMITTED takes a snapshot per
-- statement), so a debt is settled once and the order holds whatever runs at the same time. Codes are
-- taken as a spin takes them (FOR UPDATE SKIP LOCKED, the longest-lived first among those with 7 days
-- left): a code a spin is claiming is left to it. It never locks a member row, so it cannot deadlock
-- with a spin. Each settled debt is announced to the member (event 'voucher', docs/architecture.md,
-- "Live member updates"). Returns the number of debts settled.
CREATE OR REPLACE FUNCTION assign_owed_vouchers(p_amount numeric)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  v_debt owed_vouchers%ROWTYPE;
  v_voucher_id integer;
  v_title text;
  v_n integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(727274002, hashtext(p_amount::numeric(10, 2)::text));
  LOOP
    SELECT * INTO v_debt FROM owed_vouchers
      WHERE voucher_amount = p_amount AND voucher_id IS NULL
      ORDER BY id
      LIMIT 1
      FOR UPDATE;
    EXIT WHEN NOT FOUND;
    v_voucher_id := NULL;
    SELECT id INTO v_voucher_id FROM vouchers
      WHERE status = 'available' AND voucher_amount = p_amount
        AND (expiry_date IS NULL OR expiry_date >= current_date + 7)
      ORDER BY expiry_date ASC NULLS LAST, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED;
    IF v_voucher_id IS NULL THEN
      SELECT id INTO v_voucher_id FROM vouchers
        WHERE voucher_amount = p_amount AND status = 'available'
          AND expiry_date >= current_date AND expiry_date < current_date + 7
        ORDER BY expiry_date, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED;
    END IF;
    EXIT WHEN v_voucher_id IS NULL;
    UPDATE vouchers SET
        status = 'assigned',
        assigned_to_user_id = v_debt.user_id,
        assigned_at = now(),
        assignment_context = v_debt.assignment_context,
        completion_id = v_debt.completion_id
      WHERE id = v_voucher_id;
    UPDATE owed_vouchers SET voucher_id = v_voucher_id, assigned_at = now() WHERE id = v_debt.id;
    UPDATE spins SET voucher_id = v_voucher_id WHERE id = v_debt.spin_id;
    IF v_debt.completion_id IS NOT NULL THEN
      UPDATE completions SET voucher_id = v_voucher_id WHERE id = v_debt.completion_id AND voucher_id IS NULL;
    END IF;
    SELECT title INTO v_title FROM offers WHERE id = v_debt.offer_id;
    PERFORM pg_notify('member_events', json_build_object(
      'id', pg_current_xact_id()::text || '-o' || v_debt.id,
      'type', 'voucher',
      'user', v_debt.user_id,
      'owedId', v_debt.id,
      'voucherId', v_voucher_id,
      'amount', v_debt.voucher_amount::double precision,
      'title', coalesce(v_title, 'Free Spin Bonus'))::text);
    v_n := v_n + 1;
  END LOOP;
  RETURN v_n;
END
$$;
