-- The dashboard's 30-day chart sums payouts of approved completions by day: with the payout in the
-- index it is an index-only scan instead of a heap fetch per completion.
CREATE INDEX IF NOT EXISTS "completions_approved_daily_idx" ON "completions" USING btree ("completed_at") INCLUDE ("payout_amount") WHERE "completions"."status" = 'approved';
