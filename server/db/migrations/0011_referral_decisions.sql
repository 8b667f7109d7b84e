-- An administrator's decision on a referral held because both accounts look like the same device
-- (docs/product-rules.md#referrals). Such a referral waits as completed_waiting with same_device; Grant
-- Reward makes it successful (the referrer's free spin, exactly once: a conditional UPDATE on that
-- state), Deny closes it as 'denied'. Either way the decision, when and by whom, are kept on the row;
-- the audit log has the rest.
ALTER TABLE referrals ADD COLUMN IF NOT EXISTS reviewed_at timestamptz;--> statement-breakpoint
ALTER TABLE referrals ADD COLUMN IF NOT EXISTS reviewed_by_admin_id integer REFERENCES admins(id);--> statement-breakpoint
ALTER TABLE referrals ADD COLUMN IF NOT EXISTS review_reason text;--> statement-breakpoint

-- "Needs review": the held referrals, for the console's filter and its needs-attention count.
CREATE INDEX IF NOT EXISTS referrals_needs_review_idx ON referrals (created_at)
  WHERE same_device AND status = 'completed_waiting';
