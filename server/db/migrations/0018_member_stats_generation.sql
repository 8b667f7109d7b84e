-- Each member's stats generation (docs/decisions/cached-member-stats.md): a row per member whose
-- `gen` changes in the same transaction as anything user-stats.php or referral-stats.php lists for
-- that member: their completions, the vouchers assigned to them, their referrals, and the name,
-- registration date and completion count of the members they referred (offer titles and categories
-- are covered by the catalogue's generation, migration 0017). Those calls read it in their own
-- statement and skip their lists when the process already holds the lists of that generation. A
-- member without a row has not changed since this migration (every change writes one): generation 0.
-- The bumps are deferred constraint triggers: they run at commit, after the transaction's other row
-- locks, so they add no lock-order between a member's row and their generation row. Values come from
-- a sequence that is never reset: a generation is never reused.
CREATE SEQUENCE IF NOT EXISTS "member_stats_generation_seq";--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "member_stats_generation" (
  "user_id" integer PRIMARY KEY,
  "gen" bigint NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_stats_touch(p_user integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_stats_generation (user_id, gen) VALUES (p_user, nextval('member_stats_generation_seq'))
    ON CONFLICT (user_id) DO UPDATE SET gen = EXCLUDED.gen
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_stats_completion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM member_stats_touch(OLD.user_id);
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM member_stats_touch(NEW.user_id);
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN PERFORM member_stats_touch(NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_stats_voucher() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.assigned_to_user_id IS NOT NULL THEN PERFORM member_stats_touch(OLD.assigned_to_user_id); END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.assigned_to_user_id IS NOT NULL THEN PERFORM member_stats_touch(NEW.assigned_to_user_id); END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.assigned_to_user_id IS NOT NULL AND NEW.assigned_to_user_id IS DISTINCT FROM OLD.assigned_to_user_id THEN
      PERFORM member_stats_touch(NEW.assigned_to_user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_stats_referral() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM member_stats_touch(OLD.referrer_user_id);
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM member_stats_touch(NEW.referrer_user_id);
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.referrer_user_id IS DISTINCT FROM OLD.referrer_user_id THEN
      PERFORM member_stats_touch(NEW.referrer_user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A referred member's row as their referrer's referral list shows it (referrals_referred_key).
CREATE OR REPLACE FUNCTION member_stats_referred() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_stats_touch(r.referrer_user_id) FROM referrals r WHERE r.referred_user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS member_stats_completion_rows ON completions;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_stats_completion_rows
  AFTER INSERT OR DELETE ON completions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION member_stats_completion();--> statement-breakpoint
DROP TRIGGER IF EXISTS member_stats_completion_columns ON completions;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_stats_completion_columns
  AFTER UPDATE ON completions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.offer_id IS DISTINCT FROM NEW.offer_id
        OR OLD.status IS DISTINCT FROM NEW.status OR OLD.completed_at IS DISTINCT FROM NEW.completed_at
        OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.voucher_id IS DISTINCT FROM NEW.voucher_id
        OR OLD.reward_type IS DISTINCT FROM NEW.reward_type OR OLD.reversed_at IS DISTINCT FROM NEW.reversed_at
        OR OLD.reversal_reason IS DISTINCT FROM NEW.reversal_reason)
  EXECUTE FUNCTION member_stats_completion();--> statement-breakpoint
DROP TRIGGER IF EXISTS member_stats_voucher_insert ON vouchers;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_stats_voucher_insert
  AFTER INSERT ON vouchers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.assigned_to_user_id IS NOT NULL)
  EXECUTE FUNCTION member_stats_voucher();--> statement-breakpoint
DROP TRIGGER IF EXISTS member_stats_voucher_update ON vouchers;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_stats_voucher_update
  AFTER UPDATE ON vouchers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.assigned_to_user_id IS NOT NULL OR NEW.assigned_to_user_id IS NOT NULL) AND OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION member_stats_voucher();--> statement-breakpoint
DROP TRIGGER IF EXISTS member_stats_voucher_delete ON vouchers;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_stats_voucher_delete
  AFTER DELETE ON vouchers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.assigned_to_user_id IS NOT NULL)
  EXECUTE FUNCTION member_stats_voucher();--> statement-breakpoint
DROP TRIGGER IF EXISTS member_stats_referral_rows ON referrals;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_stats_referral_rows
  AFTER INSERT OR UPDATE OR DELETE ON referrals
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION member_stats_referral();--> statement-breakpoint
DROP TRIGGER IF EXISTS member_stats_referred_columns ON users;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_stats_referred_columns
  AFTER UPDATE ON users
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.registration_date IS DISTINCT FROM NEW.registration_date
        OR OLD.total_completions IS DISTINCT FROM NEW.total_completions)
  EXECUTE FUNCTION member_stats_referred();
