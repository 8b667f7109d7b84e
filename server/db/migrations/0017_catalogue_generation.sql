-- The offers catalogue's generation (docs/decisions/cached-offers-catalogue.md): one row whose `gen`
-- changes in the same transaction as any change to what offers.php shows of an offer (its title,
-- description, links, category, slot config, creation time, whether it is active) or to the set of
-- offers. offers.php reads it in its own statement, so a process's cached catalogue is used only when
-- it is the catalogue of that statement's snapshot. The value comes from a sequence that is never
-- reset, so a generation is never reused (even if the row is deleted and written again); a missing row
-- reads as null, which no cache is ever kept under.
CREATE SEQUENCE IF NOT EXISTS "catalogue_generation_seq";--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "catalogue_generation" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "gen" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "catalogue_generation" ("id", "gen") VALUES (1, nextval('catalogue_generation_seq'))
  ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalogue_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_generation (id, gen) VALUES (1, nextval('catalogue_generation_seq'))
    ON CONFLICT (id) DO UPDATE SET gen = EXCLUDED.gen;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS offers_catalogue_rows ON offers;--> statement-breakpoint
CREATE TRIGGER offers_catalogue_rows
  AFTER INSERT OR DELETE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_generation();--> statement-breakpoint
DROP TRIGGER IF EXISTS offers_catalogue_truncate ON offers;--> statement-breakpoint
CREATE TRIGGER offers_catalogue_truncate
  AFTER TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_generation();--> statement-breakpoint
-- The counters an approval or a spin keeps on an offer are not listed: they never change the catalogue.
DROP TRIGGER IF EXISTS offers_catalogue_columns ON offers;--> statement-breakpoint
CREATE TRIGGER offers_catalogue_columns
  AFTER UPDATE OF id, title, description, preview_url, offer_url, category, slot_config, created_at, is_active
  ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_generation();
