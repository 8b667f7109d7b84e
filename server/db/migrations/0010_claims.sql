-- Missing-conversion claims (docs/product-rules.md#claims): a member who completed an offer that the
-- partner never credited files a claim on their own click (older than 1 hour, younger than 30 days,
-- no conversion); an administrator approves it (a manual approved conversion through the postback's
-- rules, completion_id names it) or rejects it with a reason the member sees. One claim per click.
CREATE TABLE "claims" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users" ("id"),
  "click_id" text NOT NULL REFERENCES "clicks" ("id"),
  "offer_id" integer NOT NULL REFERENCES "offers" ("id"),
  "note" text NOT NULL DEFAULT '' CHECK (char_length("note") <= 500),
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'approved', 'rejected')),
  "reject_reason" text CHECK ("reject_reason" IS NULL OR char_length("reject_reason") <= 500),
  "decided_by" integer REFERENCES "admins" ("id"),
  "decided_at" timestamp with time zone,
  "completion_id" integer REFERENCES "completions" ("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "claims_click_key" ON "claims" USING btree ("click_id");--> statement-breakpoint
-- The console's list: newest first, by status, by offer; the member's offers list: their latest claim
-- per offer.
CREATE INDEX "claims_created_idx" ON "claims" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX "claims_status_created_idx" ON "claims" USING btree ("status", "created_at", "id");--> statement-breakpoint
CREATE INDEX "claims_offer_created_idx" ON "claims" USING btree ("offer_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX "claims_user_offer_idx" ON "claims" USING btree ("user_id", "offer_id", "created_at");--> statement-breakpoint

-- The member hears the answer live (server/db/functions/member_events_claim.sql; a placeholder here so
-- the trigger can be created on a fresh database, as in migration 0009).
CREATE OR REPLACE FUNCTION member_events_claim() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER member_events_claim
  AFTER UPDATE OF status ON claims
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status <> 'pending')
  EXECUTE FUNCTION member_events_claim();
