CREATE TABLE "admin_login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_login_attempts_username_idx" ON "admin_login_attempts" USING btree ("username","attempted_at");--> statement-breakpoint
CREATE INDEX "admin_login_attempts_ip_idx" ON "admin_login_attempts" USING btree ("ip","attempted_at");--> statement-breakpoint
CREATE INDEX "admin_login_attempts_time_idx" ON "admin_login_attempts" USING btree ("attempted_at");