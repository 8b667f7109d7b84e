-- Trust checks (issue 33): conversionTiming reads an offer's most recent approved conversions (the last
-- 200, newest first); without this index it read every approved conversion of the offer and sorted them.
CREATE INDEX IF NOT EXISTS "completions_offer_approved_recent_idx" ON "completions" ("offer_id", "id" DESC)
  WHERE "status" = 'approved';
