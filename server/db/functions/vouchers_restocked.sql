-- A repeatable definition (see rewards_spin.sql): re-created at every start, so this file is the
-- function's current text.
--
-- After an INSERT into vouchers (a restock: the console's batch add, the demo seed, a script), once per
-- statement (the trigger of migration 0025, with the new rows as new_vouchers): for each amount the
-- statement added available codes of, in amount order (so that two restocks take the per-amount locks
-- in one order), first the debts of that amount are settled (assign_owed_vouchers, oldest first), then
-- voucher_stock is set to what is left (refresh_voucher_stock): all debts before any row lock on
-- voucher_stock. In the restock's transaction: a spin never sees these codes before the debts took theirs.
CREATE OR REPLACE FUNCTION vouchers_restocked()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_amounts numeric[];
  v_amount numeric;
BEGIN
  SELECT array_agg(DISTINCT voucher_amount ORDER BY voucher_amount) INTO v_amounts
    FROM new_vouchers WHERE status = 'available';
  IF v_amounts IS NULL THEN
    RETURN NULL;
  END IF;
  FOREACH v_amount IN ARRAY v_amounts LOOP
    PERFORM assign_owed_vouchers(v_amount);
  END LOOP;
  FOREACH v_amount IN ARRAY v_amounts LOOP
    PERFORM refresh_voucher_stock(v_amount);
  END LOOP;
  RETURN NULL;
END
$$;
