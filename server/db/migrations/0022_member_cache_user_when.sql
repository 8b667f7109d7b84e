-- The member answers cache's trigger on users (migration 0020) skips a spin's member row write in its
-- WHEN condition instead of inside its function: member_spin sets rewards.cache_announced_by_server for
-- its transaction and the server announces the spin after the commit, so the trigger had nothing to do
-- on a spin, but PostgreSQL still called the plpgsql function for it (member_cache_user, then
-- member_cache_notify, which returned without notifying). Evaluated in the WHEN, the setting costs no
-- function call: member_spin measured at about 3.5 % more transactions per second under pgbench
-- (docs/decisions/member-answers-cache.md). Every other update of a member row notifies as before.
DROP TRIGGER IF EXISTS member_cache_user_update ON users;--> statement-breakpoint
CREATE TRIGGER member_cache_user_update
  AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    current_setting('rewards.cache_announced_by_server', true) IS DISTINCT FROM 'on'
    AND OLD.* IS DISTINCT FROM NEW.*
  )
  EXECUTE FUNCTION member_cache_user();
