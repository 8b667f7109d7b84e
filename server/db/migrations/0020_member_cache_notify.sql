-- The member answers cache's notifications (docs/decisions/member-answers-cache.md; the trigger
-- functions are repeatable definitions in server/db/functions/member_cache_*.sql, which `migrate`
-- re-creates right after the migrations; the placeholders only let the triggers be created here).
--
-- What the three cached calls show of a member, and what announces its change on member_cache:
--   * their completions, vouchers, referrals and referred members: member_stats_touch (migration 0018),
--     which now notifies too;
--   * the offers catalogue (titles, links, slot configs, which offers are active): the catalogue's
--     generation (migration 0017), which now notifies 'c';
--   * their own row (free spins, counters, block, name, referral code): member_cache_user;
--   * their sessions (a logout, a new sign-in, the purge), clicks (which become claimable an hour
--     later) and missing-conversion claims: member_cache_owner.
CREATE OR REPLACE FUNCTION member_cache_user() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_cache_owner() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
-- A spin's changes are announced by the server after its commit, not here (member_spin.sql sets
-- rewards.cache_announced_by_server for its transaction).
CREATE OR REPLACE FUNCTION member_stats_touch(p_user integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_stats_generation (user_id, gen) VALUES (p_user, nextval('member_stats_generation_seq'))
    ON CONFLICT (user_id) DO UPDATE SET gen = EXCLUDED.gen;
  PERFORM member_cache_notify(p_user); -- server/db/functions/member_cache_notify.sql
END $$;--> statement-breakpoint
-- member_spin now returns its member (r_user_id): its new definition (server/db/functions/member_spin.sql)
-- is created right after the migrations; the old one, with other columns, cannot be replaced in place.
DROP FUNCTION IF EXISTS member_spin(text, double precision, double precision, text, integer, text, numeric, text, jsonb, jsonb);--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalogue_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_generation (id, gen) VALUES (1, nextval('catalogue_generation_seq'))
    ON CONFLICT (id) DO UPDATE SET gen = EXCLUDED.gen;
  PERFORM pg_notify('member_cache', 'c');
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS member_cache_user_update ON users;--> statement-breakpoint
CREATE TRIGGER member_cache_user_update
  AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION member_cache_user();--> statement-breakpoint
DROP TRIGGER IF EXISTS member_cache_user_delete ON users;--> statement-breakpoint
CREATE TRIGGER member_cache_user_delete
  AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION member_cache_user();--> statement-breakpoint
-- A member session's end moving later (the daily renewal) is not announced: a process that holds the
-- earlier end asks the database again when it comes. Ending or shortening one is.
DROP TRIGGER IF EXISTS member_cache_session_delete ON sessions;--> statement-breakpoint
CREATE TRIGGER member_cache_session_delete
  AFTER DELETE ON sessions
  FOR EACH ROW WHEN (OLD.kind = 'member')
  EXECUTE FUNCTION member_cache_owner();--> statement-breakpoint
DROP TRIGGER IF EXISTS member_cache_session_update ON sessions;--> statement-breakpoint
CREATE TRIGGER member_cache_session_update
  AFTER UPDATE ON sessions
  FOR EACH ROW WHEN ((OLD.kind = 'member' OR NEW.kind = 'member')
                     AND (NEW.expires_at < OLD.expires_at OR NEW.user_id IS DISTINCT FROM OLD.user_id
                          OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.id_hash IS DISTINCT FROM OLD.id_hash))
  EXECUTE FUNCTION member_cache_owner();--> statement-breakpoint
DROP TRIGGER IF EXISTS member_cache_clicks ON clicks;--> statement-breakpoint
CREATE TRIGGER member_cache_clicks
  AFTER INSERT OR UPDATE OR DELETE ON clicks
  FOR EACH ROW EXECUTE FUNCTION member_cache_owner();--> statement-breakpoint
DROP TRIGGER IF EXISTS member_cache_claims ON claims;--> statement-breakpoint
CREATE TRIGGER member_cache_claims
  AFTER INSERT OR UPDATE OR DELETE ON claims
  FOR EACH ROW EXECUTE FUNCTION member_cache_owner();
