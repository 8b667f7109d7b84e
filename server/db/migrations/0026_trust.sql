-- Trust and safety (issue 33, docs/trust-and-safety.md).
--
--   * users: what the server saw at registration, kept once and never overwritten (the client's device
--     fingerprint is evidence, never identity; the address is the client address as TRUST_PROXY defines
--     it, with its /24 or /48 prefix, its network (ASN) and whether that network is a hosting one), the
--     normalised email (Gmail dots and +tags), and when very high risk paused the member's rewards.
--   * member_sightings: every sign-in's address, network and fingerprint (the registration's too): the
--     history the linked-accounts and network-hopping signals read.
--   * reward_holds: a reward held by risk, with the score and its reasons as they were judged. A
--     conversion's hold keeps its completion 'pending' (approval_held_at set, like a blocked member's);
--     a referral's keeps its referral completed_waiting. Released or denied exactly once (status moves
--     out of 'held' under the row's lock).
--   * risk_policy: the operator's thresholds, hold hours and rules (one row; absent: the defaults).
--   * claims: one pending claim per member and offer.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "registration_fingerprint" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "registration_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "registration_prefix" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "registration_asn" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "registration_hosting" boolean NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "email_normalised" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "rewards_paused_at" timestamp with time zone;--> statement-breakpoint
-- Members from before: the fingerprint they last sent is the best registration evidence there is.
UPDATE "users" SET "registration_fingerprint" = "device_fingerprint"
 WHERE "registration_fingerprint" IS NULL AND "device_fingerprint" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "email_normalised" = lower("email") WHERE "email_normalised" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_registration_fingerprint_idx" ON "users" ("registration_fingerprint")
  WHERE "registration_fingerprint" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_registration_prefix_idx" ON "users" ("registration_prefix", "registration_date")
  WHERE "registration_prefix" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_normalised_idx" ON "users" ("email_normalised");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_referred_by_idx" ON "users" ("referred_by_user_id")
  WHERE "referred_by_user_id" IS NOT NULL;--> statement-breakpoint

CREATE TABLE IF NOT EXISTS "member_sightings" (
  "id" bigserial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users" ("id"),
  "kind" text NOT NULL CHECK ("kind" IN ('registration', 'sign_in')),
  "address" text,
  "prefix" text,
  "asn" integer,
  "org" text,
  "hosting" boolean NOT NULL DEFAULT false,
  "fingerprint" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_sightings_user_idx" ON "member_sightings" ("user_id", "created_at");--> statement-breakpoint

CREATE TABLE IF NOT EXISTS "reward_holds" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users" ("id"),
  "kind" text NOT NULL CHECK ("kind" IN ('conversion', 'referral')),
  "completion_id" integer REFERENCES "completions" ("id"),
  "referral_id" integer REFERENCES "referrals" ("id"),
  "network" text,
  "score" integer NOT NULL,
  "level" text NOT NULL CHECK ("level" IN ('medium', 'high', 'very_high')),
  "reasons" jsonb NOT NULL,
  "status" text NOT NULL DEFAULT 'held' CHECK ("status" IN ('held', 'released', 'denied')),
  "release_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "decided_at" timestamp with time zone,
  "decided_by" text,
  "deny_category" text,
  "note" text
);--> statement-breakpoint
-- A reward is held once: one hold per conversion and per referral.
CREATE UNIQUE INDEX IF NOT EXISTS "reward_holds_completion_key" ON "reward_holds" ("completion_id")
  WHERE "completion_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reward_holds_referral_key" ON "reward_holds" ("referral_id")
  WHERE "referral_id" IS NOT NULL;--> statement-breakpoint
-- The queue (riskiest or newest first) and the timer's due releases.
CREATE INDEX IF NOT EXISTS "reward_holds_waiting_idx" ON "reward_holds" ("score" DESC, "created_at" DESC)
  WHERE "status" = 'held';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reward_holds_due_idx" ON "reward_holds" ("release_at")
  WHERE "status" = 'held' AND "release_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reward_holds_user_idx" ON "reward_holds" ("user_id", "created_at");--> statement-breakpoint

CREATE TABLE IF NOT EXISTS "risk_policy" (
  "id" integer PRIMARY KEY CHECK ("id" = 1),
  "policy" jsonb NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_by" text
);--> statement-breakpoint

-- One pending claim per member and offer: older duplicates (concurrent filings) are closed first.
UPDATE "claims" SET "status" = 'rejected', "reject_reason" = 'A duplicate of your earlier claim on this offer.',
       "decided_at" = now()
 WHERE "status" = 'pending'
   AND "id" NOT IN (SELECT min("id") FROM "claims" WHERE "status" = 'pending' GROUP BY "user_id", "offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "claims_one_pending_key" ON "claims" ("user_id", "offer_id")
  WHERE "status" = 'pending';
