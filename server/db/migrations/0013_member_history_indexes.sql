-- One round trip per member call (issue 16; docs/benchmarks.md, "Member stats"): user-stats.php and
-- referral-stats.php read a member's history through index ranges that stop at what they show, so
-- their cost does not grow with the member's history.

-- The rewards history (at most 100 events, newest first: approved completions, and reversed ones the
-- member saw, a reversed one dated by its reversal), read in order from the index and stopped at 100
-- instead of sorting every completion of the member.
CREATE INDEX IF NOT EXISTS completions_user_history_idx
  ON completions (user_id, (coalesce(reversed_at, completed_at)) DESC)
  WHERE status = 'approved' OR (status = 'reversed' AND reversed_at > created_at);--> statement-breakpoint

-- The member's latest 200 vouchers, newest first, from the index (replaces the index on the member
-- alone: the same lookups, now in assignment order).
CREATE INDEX IF NOT EXISTS vouchers_user_assigned_idx ON vouchers (assigned_to_user_id, assigned_at DESC);--> statement-breakpoint
DROP INDEX IF EXISTS vouchers_assigned_user_idx;--> statement-breakpoint

-- The pending referrals count: only the pending ones of the member.
CREATE INDEX IF NOT EXISTS referrals_referrer_pending_idx ON referrals (referrer_user_id)
  WHERE status = 'pending';
