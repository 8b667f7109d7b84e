-- Live member updates (docs/architecture.md, "Live member updates"): triggers announce what changed for
-- a member on the channel member_events (pg_notify), whichever code path or server process made the
-- change; every server process LISTENs and forwards the events to that member's open streams
-- (GET /api/events.php). A notification is sent at commit, and not at all when the transaction rolls
-- back.
--
-- The trigger functions are repeatable definitions (server/db/functions/member_events_*.sql), which
-- `migrate` re-creates right after the migrations; the placeholders below only let the triggers be
-- created on a fresh database, in the same transaction.
CREATE OR REPLACE FUNCTION member_events_completion() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_events_user() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_events_session() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint

-- A conversion's status: deferred to the commit, so one transaction announces its final status once.
CREATE CONSTRAINT TRIGGER member_events_completion_insert
  AFTER INSERT ON completions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION member_events_completion();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_events_completion_status
  AFTER UPDATE OF status ON completions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION member_events_completion();--> statement-breakpoint

-- A referral's free spin granted, a member blocked.
CREATE TRIGGER member_events_user
  AFTER UPDATE OF total_free_spins_earned, is_suspicious ON users
  FOR EACH ROW
  WHEN (NEW.total_free_spins_earned > OLD.total_free_spins_earned
        OR (NEW.is_suspicious AND NOT OLD.is_suspicious))
  EXECUTE FUNCTION member_events_user();--> statement-breakpoint

-- A member session ended: its streams close.
CREATE TRIGGER member_events_session
  AFTER DELETE ON sessions
  FOR EACH ROW WHEN (OLD.kind = 'member')
  EXECUTE FUNCTION member_events_session();
