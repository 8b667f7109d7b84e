-- Needs attention and money in one currency (issue 15; docs/decisions/voucher-stock-per-amount.md).
--
-- Stock-outs were already recorded: a winning draw with no code left is a spin with drawn_amount set,
-- is_win false and stock_out true (server/db/functions/rewards_spin.sql). These indexes let the
-- dashboard's needs-attention call read only what it shows at a million rows:

-- The win-rate monitor: an offer's last N spins (free spins: offer_id null), newest first, read from
-- the index alone.
CREATE INDEX IF NOT EXISTS spins_offer_recent_idx ON spins (offer_id, id)
  INCLUDE (drawn_amount, is_win, stock_out, created_at);--> statement-breakpoint

-- Voucher stock: the draws that wanted a code in the last 7 days (wins and stock-outs), by amount.
CREATE INDEX IF NOT EXISTS spins_drawn_created_idx ON spins (created_at)
  INCLUDE (drawn_amount, is_win, stock_out, user_id)
  WHERE drawn_amount IS NOT NULL;--> statement-breakpoint

-- Voucher stock and codes expiring unassigned: available codes by amount and brand.
CREATE INDEX IF NOT EXISTS vouchers_available_stock_idx ON vouchers (voucher_amount, voucher_brand, expiry_date)
  WHERE status = 'available';--> statement-breakpoint

-- Reversals piling up: the reversals of the hold's window, by member.
CREATE INDEX IF NOT EXISTS completions_reversed_at_idx ON completions (reversed_at) INCLUDE (user_id)
  WHERE status = 'reversed';--> statement-breakpoint

-- Money in one currency: the rupee value of the codes an offer's spins handed out, a counter kept by
-- rewards_spin in the same statement as rewards_won (the offers list sorts and shows it per row).
ALTER TABLE offers ADD COLUMN IF NOT EXISTS total_voucher_value numeric(14,2) NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE offers o SET total_voucher_value = w.value
  FROM (SELECT s.offer_id, sum(v.voucher_amount) AS value
          FROM spins s JOIN vouchers v ON v.id = s.voucher_id
         WHERE s.offer_id IS NOT NULL AND s.is_win
         GROUP BY s.offer_id) w
 WHERE w.offer_id = o.id;
