-- Fair play (issue 37, items 1-4; server/fair-play/): eligibility, terms acceptances, the daily free
-- spin's claims, the states where the promotion is not offered, and the published rules' versions.

-- Eligibility at the first sign-in: when the member confirmed being 18 or older, and their state of
-- residence (an ISO 3166-2:IN subdivision code without the "IN-" prefix). Null for members who have
-- not answered yet (the member app asks them before anything else).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "adult_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "residence_state" text;--> statement-breakpoint

-- Every version of the terms a member accepted, and when: at sign-up, and again when the operator
-- publishes a new version (TERMS_VERSION).
CREATE TABLE IF NOT EXISTS "terms_acceptances" (
  "user_id" integer NOT NULL REFERENCES "users" ("id"),
  "terms_version" text NOT NULL,
  "accepted_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("user_id", "terms_version")
);--> statement-breakpoint

-- The free way to play: how many daily free spins a member claimed on a day (Asia/Kolkata date).
CREATE TABLE IF NOT EXISTS "daily_spin_claims" (
  "user_id" integer NOT NULL REFERENCES "users" ("id"),
  "day" date NOT NULL,
  "claimed" integer NOT NULL DEFAULT 0 CHECK ("claimed" >= 0),
  PRIMARY KEY ("user_id", "day")
);--> statement-breakpoint

-- The states where the operator does not offer the promotion (EXCLUDED_STATES, written by each process
-- at start): member_spin refuses a spin of a member who lives in one (RWSEX).
CREATE TABLE IF NOT EXISTS "excluded_states" (
  "code" text PRIMARY KEY
);--> statement-breakpoint

-- The official rules as published: one row per distinct content, keyed by its SHA-256; a new row when
-- the tables, the stock or the operator's settings change, the old ones kept.
CREATE TABLE IF NOT EXISTS "rules_versions" (
  "hash" text PRIMARY KEY,
  "content" jsonb NOT NULL,
  "published_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rules_versions_published_idx" ON "rules_versions" ("published_at" DESC);--> statement-breakpoint
