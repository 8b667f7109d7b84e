-- The receiver's gate reads a member's linked accounts from one narrow, insert-mostly table instead of
-- three scans of `users` (docs/decisions/member-links.md): each member's registration device, address
-- prefix and normalised email, with the registration time. Kept by triggers in the same transaction as
-- every change of those columns (a registration; an account's deletion clears them; a member row
-- deleted), so the gate's judgement equals the full evidence read's (server/trust/evidence.test.ts).
-- One index and no foreign key: a registration writes these rows, and the trigger is what keeps them
-- (a foreign key's check would cost each row a lookup and a lock of the member row). The trigger functions
-- are repeatable definitions (server/db/functions/member_links_sync.sql, member_hosting_seen.sql).
CREATE TABLE IF NOT EXISTS "member_links" (
  "kind" text NOT NULL,
  "value" text NOT NULL,
  "registered_at" timestamptz NOT NULL,
  "user_id" integer NOT NULL,
  PRIMARY KEY ("kind", "value", "registered_at", "user_id")
);
--> statement-breakpoint
INSERT INTO "member_links" ("kind", "value", "registered_at", "user_id")
  SELECT l.kind, l.value, u.registration_date, u.id
    FROM "users" u
    CROSS JOIN LATERAL (VALUES ('d'::text, u.registration_fingerprint),
                               ('p'::text, u.registration_prefix),
                               ('e'::text, u.email_normalised)) AS l(kind, value)
   WHERE l.value IS NOT NULL
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Whether another member has (or had) the member's registration device or normalised email, so that
-- the gate reads those two groups only for members who share one: most share neither. An upper bound
-- (set, never cleared), kept by the member_links trigger. `member_link_groups` holds one row per device,
-- email and prefix in use (a 64-bit hash of it: a collision only marks more members than needed); a
-- registration's insert into it waits for a concurrent one of the same key to commit, so of two
-- registrations on one device the second always sees the first.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "links_shared" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "member_link_groups" ("key" bigint PRIMARY KEY);
--> statement-breakpoint
INSERT INTO "member_link_groups" ("key")
  SELECT DISTINCT hashtextextended(kind || ':' || value, 0) FROM "member_links"
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "users" u SET "links_shared" = true
 WHERE EXISTS (SELECT 1 FROM "member_links" mine JOIN "member_links" other
                 ON other.kind = mine.kind AND other.value = mine.value AND other.user_id <> mine.user_id
                WHERE mine.user_id = u.id AND mine.kind IN ('d', 'e'));
--> statement-breakpoint
-- Whether the member's address prefix may be crowded enough to count: others registered from it
-- within 30 days of them beyond the allowance of 3, or 5 sign-ups from it within an hour
-- (server/trust/evidence.ts SIGNAL_WINDOWS), so that the gate reads the prefix's registrations only
-- for such members. An upper bound (set, never cleared), kept by the member_links trigger: a
-- registration at T with 5 or more registrations of its prefix within 60 days either side marks those
-- within 30 days either side, whose windows lie inside that span.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "address_crowded" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
UPDATE "users" u SET "address_crowded" = true
 WHERE (SELECT count(*) FROM "member_links" l
         WHERE l.kind = 'p' AND l.value = u.registration_prefix AND l.user_id <> u.id
           AND l.registered_at BETWEEN u.registration_date - interval '30 days'
                                   AND u.registration_date + interval '30 days') >= 4;
--> statement-breakpoint
-- The last time the member was seen on a hosting network (a sighting's), so that the gate reads the
-- member's sightings only when one can fall within the hopping window.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "hosting_seen_at" timestamptz;
--> statement-breakpoint
UPDATE "users" u SET "hosting_seen_at" = s.at
  FROM (SELECT user_id, max(created_at) AS at FROM member_sightings WHERE hosting GROUP BY user_id) s
 WHERE s.user_id = u.id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_links_sync() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_hosting_seen() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER member_links_insert
  AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION member_links_sync();
--> statement-breakpoint
CREATE TRIGGER member_links_delete
  AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION member_links_sync();
--> statement-breakpoint
CREATE TRIGGER member_links_update
  AFTER UPDATE OF registration_fingerprint, registration_prefix, email_normalised, registration_date ON users
  FOR EACH ROW WHEN (OLD.registration_fingerprint IS DISTINCT FROM NEW.registration_fingerprint
                  OR OLD.registration_prefix IS DISTINCT FROM NEW.registration_prefix
                  OR OLD.email_normalised IS DISTINCT FROM NEW.email_normalised
                  OR OLD.registration_date IS DISTINCT FROM NEW.registration_date)
  EXECUTE FUNCTION member_links_sync();
--> statement-breakpoint
CREATE TRIGGER member_hosting_seen
  AFTER INSERT OR UPDATE OF created_at, hosting ON member_sightings
  FOR EACH ROW WHEN (NEW.hosting)
  EXECUTE FUNCTION member_hosting_seen();
