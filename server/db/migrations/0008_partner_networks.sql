-- Partner networks (docs/networks.md): each network's postback format is a row, not code. The
-- native receiver (/api/postback.php, POSTBACK_SECRET) keeps working for offers with no network.
--
-- config holds the network's configuration (server/networks/config.ts) without its name, slug, active
-- flag, preset and secrets, which are columns. The secrets are write-only outside the server: lists
-- show their last 4 characters; a rotated-out secret stays accepted until previous_secret_valid_until.
-- The slug names the postback URL (/api/postback/{slug}) and the conversions' key
-- (completions.network), so it never changes once created.
CREATE TABLE IF NOT EXISTS networks (
  id serial PRIMARY KEY,
  slug text NOT NULL,
  name text NOT NULL,
  preset text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  config jsonb NOT NULL,
  secret text NOT NULL DEFAULT '',
  previous_secret text,
  previous_secret_valid_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS networks_slug_key ON networks (slug);--> statement-breakpoint

-- An offer is credited by its network's receiver only; null = the native receiver (as before).
ALTER TABLE offers ADD COLUMN IF NOT EXISTS network_id integer REFERENCES networks (id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS offers_network_offer_idx ON offers (network_id, external_offer_id) WHERE network_id IS NOT NULL;--> statement-breakpoint

-- The member's public sub-id ({sub_id} in offer links, echoed back by offerwall networks): stable,
-- unguessable (122 random bits), never the database id.
ALTER TABLE users ADD COLUMN IF NOT EXISTS sub_id text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS users_sub_id_key ON users (sub_id);--> statement-breakpoint

-- Every attempt on a network's receiver: which network, why it was refused (reason: a sentence naming
-- parameters, never a secret), the request as received (for Replay; shown masked), repeated junk
-- folded into one row (repeat_count, last_received_at), and the replay that re-ran a refused attempt.
ALTER TABLE postback_log ADD COLUMN IF NOT EXISTS network_id integer REFERENCES networks (id);--> statement-breakpoint
ALTER TABLE postback_log ADD COLUMN IF NOT EXISTS reason text;--> statement-breakpoint
ALTER TABLE postback_log ADD COLUMN IF NOT EXISTS request jsonb;--> statement-breakpoint
ALTER TABLE postback_log ADD COLUMN IF NOT EXISTS repeat_count integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE postback_log ADD COLUMN IF NOT EXISTS last_received_at timestamptz;--> statement-breakpoint
ALTER TABLE postback_log ADD COLUMN IF NOT EXISTS replay_of bigint REFERENCES postback_log (id);--> statement-breakpoint
ALTER TABLE postback_log ADD COLUMN IF NOT EXISTS replayed_at timestamptz;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS postback_log_network_idx ON postback_log (network_id, received_at);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS postback_log_outcome_idx ON postback_log (outcome, received_at);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS postback_log_click_idx ON postback_log (click_id);--> statement-breakpoint

-- A reversal after the spin was used: the code the member saw cannot be taken back, so it is recorded
-- as a clawback against the member (one per completion).
CREATE TABLE IF NOT EXISTS clawbacks (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  completion_id integer NOT NULL REFERENCES completions (id),
  voucher_id integer,
  voucher_value numeric(10, 2) NOT NULL DEFAULT 0,
  payout_amount numeric(12, 4) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS clawbacks_completion_key ON clawbacks (completion_id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS clawbacks_user_idx ON clawbacks (user_id, created_at);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS clawbacks_created_idx ON clawbacks (created_at);--> statement-breakpoint

-- The partner's reason for a reversal, when it sends one; the hold rule counts a member's recent
-- reversals; held_at says a member was blocked by that rule (pending an administrator's review).
ALTER TABLE completions ADD COLUMN IF NOT EXISTS reversal_reason text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS completions_user_reversed_idx ON completions (user_id, reversed_at) WHERE status = 'reversed';--> statement-breakpoint
ALTER TABLE users ADD COLUMN IF NOT EXISTS held_at timestamptz;
