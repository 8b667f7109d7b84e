-- Issue 11: addresses an administrator signed in from (they still pass a username locked by
-- failures elsewhere), the last activity of a session (admin idle timeout, rolling member session) and
-- an index on expiry for the purge of expired sessions.
CREATE TABLE "admin_known_addresses" (
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"last_success_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_known_addresses_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "admin_known_addresses_time_idx" ON "admin_known_addresses" USING btree ("last_success_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");