-- Issue 11, items 6 and 14.
--
-- A completion approved by the network while its member is blocked is held: it stays 'pending' with
-- approval_held_at set, granting nothing (no spin, no counters, no referral reward). Unblocking the
-- member releases it: it is approved then, exactly as the postback would have approved it.
ALTER TABLE completions ADD COLUMN IF NOT EXISTS approval_held_at timestamptz;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS completions_held_idx ON completions (user_id) WHERE approval_held_at IS NOT NULL;--> statement-breakpoint

-- Postback attempts that never passed the signature check (junk: anyone can send them) are marked
-- verified = false, stored as a truncated summary and purged after a retention period; verified
-- attempts are the audit trail and are kept. Rows logged before this migration have NULL.
ALTER TABLE postback_log ADD COLUMN IF NOT EXISTS verified boolean;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS postback_log_unverified_idx ON postback_log (received_at) WHERE verified = false;
