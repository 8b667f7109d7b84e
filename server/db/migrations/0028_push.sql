-- Web Push (issue 38, server/push/): a member's browsers that accepted notifications, what the member
-- wants to be told, which of their app windows are open and visible, and what was sent.
--
-- One row per member and device: the push service's endpoint names the browser's subscription and is
-- unique (a browser that subscribes again for another member moves the row to that member).
CREATE TABLE IF NOT EXISTS "push_subscriptions" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_sent_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "push_subscriptions_endpoint_key" ON "push_subscriptions" ("endpoint");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");--> statement-breakpoint

-- A switch per kind; a member without a row has every kind on (they opted in by subscribing).
CREATE TABLE IF NOT EXISTS "push_preferences" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "spin_ready" boolean DEFAULT true NOT NULL,
  "voucher_expiring" boolean DEFAULT true NOT NULL,
  "claim_answered" boolean DEFAULT true NOT NULL,
  "referral_reward" boolean DEFAULT true NOT NULL,
  "account_messages" boolean DEFAULT true NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint

-- Every delivery attempt to one subscription: the console's 7-day counts (`dispatch` names the
-- notification, one per member and event).
CREATE TABLE IF NOT EXISTS "push_sends" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL,
  "kind" text NOT NULL,
  "dispatch" text NOT NULL,
  "result" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_sends_created_idx" ON "push_sends" ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_sends_user_idx" ON "push_sends" ("user_id", "created_at");--> statement-breakpoint

-- Every server process hears every member event; the first to insert its key sends the notification.
CREATE TABLE IF NOT EXISTS "push_dispatches" (
  "event_key" text PRIMARY KEY NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint

-- An open live-update stream of one app window (its `tab` id) and whether that window is visible;
-- refreshed by the process holding the stream, so a row not seen for a while is ignored.
CREATE TABLE IF NOT EXISTS "push_presence" (
  "tab" text PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL,
  "visible" boolean DEFAULT true NOT NULL,
  "seen_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_presence_user_idx" ON "push_presence" ("user_id");--> statement-breakpoint

-- The per-member rate limit: notifications in the member's current hour, taken atomically (one
-- upsert per batch of members), so concurrent events on several processes cannot all pass it.
CREATE TABLE IF NOT EXISTS "push_member_rate" (
  "user_id" integer PRIMARY KEY NOT NULL,
  "window_start" timestamp with time zone DEFAULT now() NOT NULL,
  "sent" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint

-- A voucher whose coming expiry the member was told of (once).
CREATE TABLE IF NOT EXISTS "push_voucher_notices" (
  "voucher_id" integer PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL,
  "notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
