-- A repeatable definition (see rewards_spin.sql): re-created at every start, so this file is the
-- function's current text.
--
-- After a voucher becomes available again (the console's Un-expire; the trigger of migration 0025 fires
-- only then, never for a spin's claim): the debts of its amount are settled first, then voucher_stock
-- follows, as after a restock (vouchers_restocked.sql).
CREATE OR REPLACE FUNCTION vouchers_available_again()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM assign_owed_vouchers(NEW.voucher_amount);
  PERFORM refresh_voucher_stock(NEW.voucher_amount);
  RETURN NULL;
END
$$;
