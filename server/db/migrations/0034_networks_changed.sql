-- The receiver's networks, kept per process (server/networks/cache.ts): any change to the networks
-- table tells every process at its commit. Only the console writes this table (a handful of rows), so
-- one notification per statement costs nothing a postback would wait for.
CREATE OR REPLACE FUNCTION networks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('networks_changed', 'n'); -- a payload: an empty one is not delivered by the listener
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS networks_changed ON networks;--> statement-breakpoint
CREATE TRIGGER networks_changed
  AFTER INSERT OR UPDATE OR DELETE ON networks
  FOR EACH STATEMENT EXECUTE FUNCTION networks_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS networks_changed_truncate ON networks;--> statement-breakpoint
CREATE TRIGGER networks_changed_truncate
  AFTER TRUNCATE ON networks
  FOR EACH STATEMENT EXECUTE FUNCTION networks_changed();
