-- A repeatable definition (see rewards_spin.sql): re-created at every start, so this file is the
-- function's current text.
--
-- Sets voucher_stock's row of one prize amount (migration 0025) to whether a code of that amount is in
-- stock now (available, not expired). The row is locked first and the stock read in the statement
-- after, so two callers (a restock and the server after a spin that took the last code) are ordered
-- and the later one reads what the earlier committed. A flip bumps the offers catalogue's generation
-- (the table's triggers), so the odds members see follow. Returns the amount's new state.
CREATE OR REPLACE FUNCTION refresh_voucher_stock(p_amount numeric)
RETURNS boolean
LANGUAGE plpgsql
AS $$
DECLARE
  v_in_stock boolean;
BEGIN
  INSERT INTO voucher_stock (amount, in_stock) VALUES (p_amount, false) ON CONFLICT (amount) DO NOTHING;
  PERFORM 1 FROM voucher_stock WHERE amount = p_amount FOR UPDATE;
  v_in_stock := EXISTS (
    SELECT 1 FROM vouchers
     WHERE status = 'available' AND voucher_amount = p_amount
       AND (expiry_date IS NULL OR expiry_date >= current_date));
  UPDATE voucher_stock SET in_stock = v_in_stock WHERE amount = p_amount AND in_stock IS DISTINCT FROM v_in_stock;
  RETURN v_in_stock;
END
$$;
