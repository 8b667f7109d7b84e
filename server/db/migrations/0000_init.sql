CREATE TABLE "admin_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"admin_username" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "completions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"click_id" text,
	"network" text NOT NULL,
	"transaction_id" text NOT NULL,
	"status" text NOT NULL,
	"payout_amount" numeric(12, 4) DEFAULT 0 NOT NULL,
	"payout_currency" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"is_first_completion" boolean DEFAULT false NOT NULL,
	"completion_type" text DEFAULT 'standard' NOT NULL,
	"referral_reward_processed" boolean DEFAULT false NOT NULL,
	"spinner_used" boolean DEFAULT false NOT NULL,
	"reward_type" text DEFAULT 'none' NOT NULL,
	"voucher_id" integer
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"offer_url" text NOT NULL,
	"preview_url" text,
	"external_offer_id" text NOT NULL,
	"network" text DEFAULT 'default' NOT NULL,
	"category" text,
	"model" text DEFAULT 'CPR' NOT NULL,
	"targeting" text DEFAULT 'ALL' NOT NULL,
	"reward_amount" numeric(10, 2) DEFAULT 0 NOT NULL,
	"slot_config" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_completions" integer DEFAULT 0 NOT NULL,
	"unique_users" integer DEFAULT 0 NOT NULL,
	"total_revenue" numeric(16, 4) DEFAULT 0 NOT NULL,
	"spins_used" integer DEFAULT 0 NOT NULL,
	"rewards_won" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postback_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"ip" text,
	"params" jsonb NOT NULL,
	"click_id" text,
	"transaction_id" text,
	"status" text,
	"outcome" text NOT NULL,
	"http_status" integer NOT NULL,
	"completion_id" integer
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_user_id" integer NOT NULL,
	"referred_user_id" integer NOT NULL,
	"referral_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"same_device" boolean DEFAULT false NOT NULL,
	"first_completion_id" integer,
	"first_completion_date" timestamp with time zone,
	"free_spins_granted" integer DEFAULT 0 NOT NULL,
	"reward_granted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"spin_type" text NOT NULL,
	"completion_id" integer,
	"offer_id" integer,
	"slot_result" jsonb NOT NULL,
	"is_win" boolean NOT NULL,
	"drawn_amount" numeric(10, 2),
	"voucher_id" integer,
	"reward_type" text DEFAULT 'none' NOT NULL,
	"stock_out" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"firebase_uid" text,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"registration_method" text DEFAULT 'firebase' NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by_user_id" integer,
	"referred_by_code" text,
	"device_fingerprint" text,
	"is_suspicious" boolean DEFAULT false NOT NULL,
	"free_spins_remaining" integer DEFAULT 0 NOT NULL,
	"total_free_spins_earned" integer DEFAULT 0 NOT NULL,
	"total_completions" integer DEFAULT 0 NOT NULL,
	"total_vouchers_won" integer DEFAULT 0 NOT NULL,
	"total_voucher_value" numeric(14, 2) DEFAULT 0 NOT NULL,
	"spins_used" integer DEFAULT 0 NOT NULL,
	"total_revenue_generated" numeric(16, 4) DEFAULT 0 NOT NULL,
	"total_referrals" integer DEFAULT 0 NOT NULL,
	"successful_referrals" integer DEFAULT 0 NOT NULL,
	"registration_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity" timestamp with time zone,
	CONSTRAINT "users_free_spins_nonnegative" CHECK ("users"."free_spins_remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_code" text NOT NULL,
	"voucher_brand" text NOT NULL,
	"voucher_type" text DEFAULT 'Gift Card' NOT NULL,
	"voucher_amount" numeric(10, 2) NOT NULL,
	"voucher_description" text,
	"voucher_terms" text,
	"status" text DEFAULT 'available' NOT NULL,
	"expiry_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_admin_id" integer,
	"assigned_to_user_id" integer,
	"assigned_at" timestamp with time zone,
	"assignment_context" text,
	"completion_id" integer
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completions" ADD CONSTRAINT "completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completions" ADD CONSTRAINT "completions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completions" ADD CONSTRAINT "completions_click_id_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."clicks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_completion_id_completions_id_fk" FOREIGN KEY ("completion_id") REFERENCES "public"."completions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_assigned_to_user_id_users_id_fk" FOREIGN KEY ("assigned_to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_key" ON "admins" USING btree ("username");--> statement-breakpoint
CREATE INDEX "clicks_user_offer_idx" ON "clicks" USING btree ("user_id","offer_id");--> statement-breakpoint
CREATE INDEX "clicks_offer_idx" ON "clicks" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "clicks_created_idx" ON "clicks" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "completions_network_txn_key" ON "completions" USING btree ("network","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "completions_user_offer_key" ON "completions" USING btree ("user_id","offer_id") WHERE "completions"."status" <> 'reversed';--> statement-breakpoint
CREATE INDEX "completions_completed_at_idx" ON "completions" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "completions_offer_idx" ON "completions" USING btree ("offer_id","completed_at");--> statement-breakpoint
CREATE INDEX "completions_user_completed_idx" ON "completions" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE INDEX "completions_payout_idx" ON "completions" USING btree ("payout_amount");--> statement-breakpoint
CREATE INDEX "completions_click_idx" ON "completions" USING btree ("click_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_external_offer_id_key" ON "offers" USING btree ("external_offer_id");--> statement-breakpoint
CREATE INDEX "offers_active_created_idx" ON "offers" USING btree ("is_active","created_at");--> statement-breakpoint
CREATE INDEX "offers_category_idx" ON "offers" USING btree ("category");--> statement-breakpoint
CREATE INDEX "postback_log_received_idx" ON "postback_log" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "postback_log_txn_idx" ON "postback_log" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_key" ON "referrals" USING btree ("referred_user_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_status_idx" ON "referrals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_admin_idx" ON "sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spins_completion_key" ON "spins" USING btree ("completion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spins_voucher_key" ON "spins" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "spins_user_idx" ON "spins" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_firebase_uid_key" ON "users" USING btree ("firebase_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_key" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_registration_date_idx" ON "users" USING btree ("registration_date");--> statement-breakpoint
CREATE INDEX "users_last_activity_idx" ON "users" USING btree ("last_activity");--> statement-breakpoint
CREATE INDEX "users_total_completions_idx" ON "users" USING btree ("total_completions");--> statement-breakpoint
CREATE INDEX "users_total_vouchers_won_idx" ON "users" USING btree ("total_vouchers_won");--> statement-breakpoint
CREATE INDEX "users_total_revenue_idx" ON "users" USING btree ("total_revenue_generated");--> statement-breakpoint
CREATE INDEX "users_successful_referrals_idx" ON "users" USING btree ("successful_referrals");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by_user_id");--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" USING btree ("first_name");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_key" ON "vouchers" USING btree ("voucher_code");--> statement-breakpoint
CREATE INDEX "vouchers_claim_idx" ON "vouchers" USING btree ("voucher_amount","expiry_date","id") WHERE "vouchers"."status" = 'available';--> statement-breakpoint
CREATE INDEX "vouchers_status_idx" ON "vouchers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "vouchers_brand_amount_idx" ON "vouchers" USING btree ("voucher_brand","voucher_amount");--> statement-breakpoint
CREATE INDEX "vouchers_assigned_user_idx" ON "vouchers" USING btree ("assigned_to_user_id");--> statement-breakpoint
CREATE INDEX "vouchers_created_idx" ON "vouchers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vouchers_expiry_idx" ON "vouchers" USING btree ("expiry_date");