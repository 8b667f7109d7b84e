CREATE INDEX "clicks_offer_created_idx" ON "clicks" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "clicks_user_created_idx" ON "clicks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "completions_approved_completed_idx" ON "completions" USING btree ("completed_at","id") WHERE "completions"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "completions_approved_payout_idx" ON "completions" USING btree ("payout_amount","id") WHERE "completions"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "completions_approved_first_idx" ON "completions" USING btree ("completed_at","id") WHERE "completions"."status" = 'approved' and "completions"."is_first_completion";--> statement-breakpoint
CREATE INDEX "completions_approved_won_idx" ON "completions" USING btree ("completed_at","id") WHERE "completions"."status" = 'approved' and "completions"."voucher_id" is not null;--> statement-breakpoint
CREATE INDEX "completions_referral_trigger_idx" ON "completions" USING btree ("completed_at","id") WHERE "completions"."completion_type" = 'triggered_referral_reward';--> statement-breakpoint
CREATE INDEX "users_last_seen_idx" ON "users" USING btree (coalesce("last_activity", "registration_date"));